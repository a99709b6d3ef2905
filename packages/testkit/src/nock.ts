/**
 * `@pdg/testkit/nock`: the fixture gateway behind a nock interceptor, for Node test suites that already use
 * nock (it sees every `fetch` in the process, the client's included). Needs `nock` installed (a peer
 * dependency). Elsewhere (Bun, Deno, edge runtimes) use `mockFetch` from `@pdg/testkit`.
 */
import nock from 'nock';
import { fixtureGateway, type MockGateway, type MockGatewayOptions } from './fixture-gateway.js';

export type {
  AnswerOptions,
  MockFailure,
  MockGateway,
  MockGatewayOptions,
  MockReply,
} from './fixture-gateway.js';

/**
 * Installs one nock interceptor that answers gateway requests from fixtures, or from the bodies and
 * errors a test supplies. Fixtures answer exactly as the mock gateway (`@pdg/mock`) answers them: both use
 * the mock's responder (`@pdg/mock/responder`). A request that matches nothing is answered with a 404 error envelope whose
 * message shows the request and the closest fixtures, so the failing call says why.
 */
export function mockGateway(options: MockGatewayOptions = {}): MockGateway {
  let interceptor: nock.Interceptor | undefined;
  const { gateway, root, handle } = fixtureGateway(options, () => {
    if (interceptor) nock.removeInterceptor(interceptor);
  });
  interceptor = nock(new URL(root).origin)
    .persist()
    .get(() => true);
  interceptor.query(true).reply((request: Request) => handle(request));
  return gateway;
}
