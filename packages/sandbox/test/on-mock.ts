/** What the sandbox's tests share: a mock gateway serving jobs:jobboard, a client of it, and programs run against it. */
import { createClient } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { type MockGatewayOptions, type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { afterAll, beforeAll } from 'vitest';
import { runProgram, type SandboxBounds, SandboxError } from '../src/index.js';

type JobboardClient = ReturnType<typeof createClient<readonly [typeof jobboard]>>;

/**
 * Starts the mock gateway before the file's tests (closed after them), each request told to `onRequest`, and
 * gives a `run` of a program with a client of it under `apiKey`, the `failure` a program ends in, and the
 * gateway and client themselves.
 */
export function sandboxOnMock(apiKey: string, onRequest: NonNullable<MockGatewayOptions['onRequest']>) {
  const state: { gateway?: RunningMockGateway; client?: JobboardClient } = {};
  beforeAll(async () => {
    state.gateway = await startMockGateway({ providers: [jobboard], fixtures, onRequest });
    state.client = createClient({ providers: [jobboard], apiKey, baseUrl: state.gateway.url, retry: 0 });
  });
  afterAll(() => state.gateway?.close());

  const gateway = () => state.gateway as RunningMockGateway;
  const client = () => state.client as JobboardClient;
  const run = (code: string, bounds?: SandboxBounds) =>
    runProgram({ code, client: client(), ...(bounds ? { bounds } : {}) });

  /** The error a program ends in (failing the test if it answers). */
  async function failure(code: string, bounds?: SandboxBounds): Promise<SandboxError> {
    const error = await run(code, bounds).then(
      (result) => new Error(`expected an error, got ${JSON.stringify(result)}`),
      (thrown: unknown) => thrown,
    );
    if (!(error instanceof SandboxError)) throw error;
    return error;
  }

  return { gateway, client, run, failure };
}
