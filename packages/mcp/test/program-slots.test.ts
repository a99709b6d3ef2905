/**
 * Code mode on a shared server: a caller runs at most `maxProgramsPerCaller` programs at once and the server
 * `maxPrograms` in all; past either, `execute` is refused at once, saying how many run, while other callers
 * are served. Counted, not timed: a "long" program waits on a gateway request the test holds until it lets it go.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServer, type RunningMcpHttpServer, startMcpHttpServer } from '../src/index.js';
import { resolveLimits } from '../src/limits.js';
import { textOf } from './connect.js';

/**
 * A gateway that holds every request until the test lets the chosen go, then answers it as the mock gateway
 * does: a program waiting on it runs as long as the test wants, using no CPU meanwhile.
 */
interface HeldGateway {
  readonly url: string;
  /** Requests received so far. */
  readonly received: number;
  /** Resolves once `count` requests have been received. */
  receivedAtLeast(count: number): Promise<void>;
  /** Answers the held request whose `limit` param is `limit`, from the mock gateway. */
  letGo(limit: number): Promise<void>;
  close(): Promise<void>;
}

async function heldGateway(mock: RunningMockGateway): Promise<HeldGateway> {
  const held: { request: IncomingMessage; response: ServerResponse }[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  let received = 0;
  const server = createServer((request, response) => {
    received += 1;
    held.push({ request, response });
    for (const waiter of waiting.filter((entry) => received >= entry.count)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get received() {
      return received;
    },
    receivedAtLeast: (count) =>
      received >= count ? Promise.resolve() : new Promise((resolve) => waiting.push({ count, resolve })),
    async letGo(limit) {
      const at = held.findIndex(
        ({ request }) => new URL(request.url ?? '/', 'http://held').searchParams.get('limit') === String(limit),
      );
      const [chosen] = at === -1 ? [] : held.splice(at, 1);
      if (!chosen) throw new Error(`no request with limit=${limit} is held`);
      const headers = Object.fromEntries(
        Object.entries(chosen.request.headers).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host',
        ),
      );
      const answer = await fetch(new URL(chosen.request.url ?? '/', mock.url), { headers });
      chosen.response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' });
      chosen.response.end(Buffer.from(await answer.arrayBuffer()));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const { response } of held.splice(0)) response.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A program that waits on one gateway call (held by the test), its params told apart so no two share a request. */
const waitingProgram = (limit: number) =>
  `const page = await pdg.run('jobs:jobboard', 'browse', { limit: ${limit} });\nreturn page.items.length;`;
const quickProgram = 'return 1 + 1';

let mock: RunningMockGateway;
let gateway: HeldGateway;
let server: RunningMcpHttpServer;
const clients: Client[] = [];

beforeAll(async () => {
  mock = await startMockGateway({ providers: [jobboard], fixtures });
  gateway = await heldGateway(mock);
  // No key of its own: each caller brings theirs, and is one caller by it.
  server = await startMcpHttpServer({
    providers: [jobboard],
    toolset: 'code',
    baseUrl: gateway.url,
    retry: 0,
    // Held calls wait on the test, not on the clock: generous bounds that only guard against a hang.
    timeout: 120_000,
    sandbox: { wallMs: 120_000, cpuMs: 60_000 },
    limits: { maxProgramsPerCaller: 2, maxPrograms: 3 },
  });
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await server?.close();
  await gateway?.close();
  await mock?.close();
});

/** A caller of the server: an MCP client over HTTP sending its own key, or none. */
async function caller(
  key: string | undefined,
  url: string = server.url,
): Promise<(code: string) => Promise<CallToolResult>> {
  const client = new Client({ name: 'program-slots-test', version: '0.0.0' });
  const headers: Record<string, string> = key === undefined ? {} : { 'x-api-key': key };
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  clients.push(client);
  return async (code) =>
    (await client.callTool({ name: 'execute', arguments: { code } }, undefined, {
      timeout: 180_000,
    })) as CallToolResult;
}

describe('programs running at once on a shared code-mode server', () => {
  it("refuses a caller's third program while two run, serves another caller meanwhile, and the caller again once one ends", async () => {
    const alice = await caller('made-up-key-alice-5d1e');
    const bob = await caller('made-up-key-bob-07c3');
    // Counted from here: the file's other tests (in whatever order they run) send to the same gateway.
    const before = gateway.received;

    const aliceFirst = alice(waitingProgram(1));
    const aliceSecond = alice(waitingProgram(2));
    await gateway.receivedAtLeast(before + 2);

    const refused = await alice(quickProgram);
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe(
      'TOO_MANY_PROGRAMS: 2 programs of yours are running, the most one caller may run at once on this server: wait for one to finish, then run this one again. It was not run, and nothing was sent.\nThe same call may succeed later.',
    );
    expect(refused.structuredContent).toMatchObject({ error: { code: 'TOO_MANY_PROGRAMS', running: 2, limit: 2 } });
    expect(gateway.received).toBe(before + 2);

    // Another caller is served meanwhile.
    const answered = await bob(quickProgram);
    expect(answered.structuredContent).toEqual({ result: 2, calls: 0 });

    // The server's own cap: with Bob's one waiting, three run, and Bob's next is refused though he runs one.
    const bobFirst = bob(waitingProgram(3));
    await gateway.receivedAtLeast(before + 3);
    const full = await bob(quickProgram);
    expect(full.isError).toBe(true);
    expect(textOf(full)).toContain(
      '3 programs are running on this server, the most it runs at once for all its callers together: wait for one to finish',
    );
    expect(full.structuredContent).toMatchObject({ error: { running: 3, limit: 3 } });

    // Once one of Alice's ends, she runs again.
    await gateway.letGo(1);
    expect((await aliceFirst).structuredContent).toEqual({ result: 1, calls: 1 });
    expect((await alice(quickProgram)).structuredContent).toEqual({ result: 2, calls: 0 });

    await gateway.letGo(2);
    await gateway.letGo(3);
    expect((await aliceSecond).structuredContent).toEqual({ result: 2, calls: 1 });
    expect((await bobFirst).structuredContent).toEqual({ result: 3, calls: 1 });
    expect(gateway.received).toBe(before + 3);
  }, 240_000);

  it('gives the slot back however the program ends: a failed program leaves room for the next', async () => {
    const carol = await caller('made-up-key-carol-9b2a');
    for (let run = 0; run < 3; run += 1) {
      const failed = await carol("throw new Error('no answer')");
      expect(failed.isError).toBe(true);
      expect(textOf(failed)).toContain('no answer');
    }
    expect((await carol(quickProgram)).structuredContent).toEqual({ result: 2, calls: 0 });
  }, 120_000);
});

describe('a server with a key of its own', () => {
  it('counts the callers that bring no key as one caller: the server, whose key they spend', async () => {
    const own = await startMcpHttpServer({
      providers: [jobboard],
      toolset: 'code',
      apiKey: 'made-up-key-server-61fd',
      baseUrl: gateway.url,
      retry: 0,
      timeout: 120_000,
      sandbox: { wallMs: 120_000, cpuMs: 60_000 },
      limits: { maxProgramsPerCaller: 1, maxPrograms: 3 },
    });
    try {
      const first = await caller(undefined, own.url);
      const second = await caller(undefined, own.url);
      const keyed = await caller('made-up-key-dave-2e84', own.url);
      const before = gateway.received;
      const waiting = first(waitingProgram(4));
      await gateway.receivedAtLeast(before + 1);
      const refused = await second(quickProgram);
      expect(textOf(refused)).toContain('TOO_MANY_PROGRAMS: 1 program of yours is running');
      expect((await keyed(quickProgram)).structuredContent).toEqual({ result: 2, calls: 0 });
      await gateway.letGo(4);
      expect((await waiting).structuredContent).toEqual({ result: 4, calls: 1 });
      expect((await second(quickProgram)).structuredContent).toEqual({ result: 2, calls: 0 });
    } finally {
      await own.close();
    }
  }, 240_000);
});

describe('the caps as options', () => {
  it('default to 4 programs per caller and 16 in all, and refuse a per-caller cap above the total', () => {
    expect(resolveLimits()).toMatchObject({ maxProgramsPerCaller: 4, maxPrograms: 16 });
    expect(() => resolveLimits({ maxProgramsPerCaller: 5, maxPrograms: 4 })).toThrow(
      'limits.maxProgramsPerCaller (5) must not exceed limits.maxPrograms (4).',
    );
    expect(() => createMcpServer({ providers: [jobboard], limits: { maxPrograms: 0 } })).toThrow(
      'limits.maxPrograms must be a whole number >= 1 (received 0).',
    );
  });
});
