/**
 * A mock gateway behind a recording front: every request that reaches it is kept with the API key it carried
 * (the mock's own `onRequest` never sees the key), and a request for one page of a walk can be held until the
 * test lets it go, so what a server says while it walks is known by count, not by timing.
 */
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type MockGatewayOptions, startMockGateway } from '@pdg/mock';

/** One request as it reached the gateway. */
export interface GatewayRequest {
  /** The path and query, such as `/v1/jobs:jobboard/browse?limit=2`. */
  readonly url: string;
  /** The `x-api-key` it carried, or null. */
  readonly key: string | null;
}

export interface RecordingGateway {
  /** Where a server under test is pointed: `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Every request so far, in the order received. */
  readonly requests: GatewayRequest[];
  /** Holds the next requests whose query has `page=<page>` until the returned function is called. */
  holdPage(page: number): () => void;
  close(): Promise<void>;
}

export async function startRecordingGateway(options: MockGatewayOptions): Promise<RecordingGateway> {
  const gateway = await startMockGateway(options);
  const target = new URL(gateway.url);
  const requests: GatewayRequest[] = [];
  const held = new Map<string, Promise<void>>();

  const pass = async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const url = incoming.url ?? '/';
    const key = incoming.headers['x-api-key'];
    requests.push({ url, key: typeof key === 'string' ? key : null });
    const page = new URL(url, target).searchParams.get('page');
    const gate = page === null ? undefined : held.get(page);
    if (gate) await gate;
    const onward = forward(
      { host: target.hostname, port: target.port, method: incoming.method, path: url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    onward.on('error', (error) => outgoing.destroy(error));
    incoming.pipe(onward);
  };
  const front = createServer((incoming, outgoing) => {
    pass(incoming, outgoing).catch((error: unknown) => outgoing.destroy(error as Error));
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const { port } = front.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    holdPage(page) {
      let release: () => void = () => {};
      held.set(
        String(page),
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      return () => {
        held.delete(String(page));
        release();
      };
    },
    async close() {
      for (const gate of held.keys()) held.delete(gate);
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await gateway.close();
    },
  };
}
