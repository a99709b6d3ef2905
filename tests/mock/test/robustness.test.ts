import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { catalogstore } from '@pdg/music-catalogstore';
import { fixtures as catalogstoreFixtures } from '@pdg/music-catalogstore/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notes, fixtures as notesFixtures } from './provider.js';

const providers = [catalogstore, notes] as const;
const fixtures = [...catalogstoreFixtures, ...notesFixtures];
const note1 = { noteId: 'n1', text: 'Note 1' };

let gateway: RunningMockGateway;
let closed = false;
beforeAll(async () => {
  gateway = await startMockGateway({ providers, fixtures });
});
afterAll(async () => {
  if (!closed) await gateway.close();
});

interface RawAnswer {
  /** The status of the first answer, or undefined when none came. */
  status?: number;
  /** Its body parsed as JSON, or undefined when it is not JSON. */
  body?: unknown;
  /** Everything the server sent. */
  text: string;
  /** The server closed the connection (within `waitMs`). */
  closed: boolean;
}

/**
 * Sends bytes over a fresh TCP connection and collects what comes back until the server closes the
 * connection or `waitMs` passes (then the socket is destroyed): bounded, whatever the server does.
 */
function raw(
  port: number,
  data: string | Buffer,
  options: { waitMs?: number; onSocket?: (socket: Socket) => void } = {},
) {
  const waitMs = options.waitMs ?? 30_000;
  return new Promise<RawAnswer>((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1');
    let done = false;
    const finish = (closedByServer: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ ...parseAnswer(text), text, closed: closedByServer });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.on('connect', () => {
      if (data.length > 0) socket.write(data);
      options.onSocket?.(socket);
    });
  });
}

function parseAnswer(text: string): { status?: number; body?: unknown } {
  const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
  if (status === undefined) return {};
  const split = text.indexOf('\r\n\r\n');
  const head = text.slice(0, split);
  let rest = text.slice(split + 4);
  const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
  if (length !== undefined) rest = rest.slice(0, Number(length));
  try {
    return { status: Number(status), body: JSON.parse(Buffer.from(rest, 'latin1').toString('utf8')) };
  } catch {
    return { status: Number(status) };
  }
}

const line = (target: string, headers = 'x-api-key: k\r\n') =>
  `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Connection: close\r\n\r\n`;

const errorEnvelope = (message: RegExp | string) => ({
  status: 'error',
  message: typeof message === 'string' ? message : expect.stringMatching(message),
});

/** A normal request, to check the gateway is still up and answering. */
async function stillUp(target: RunningMockGateway = gateway) {
  const response = await fetch(`${target.url}/v1/test:notes/note/n1`, { headers: { 'x-api-key': 'k' } });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual(note1);
}

describe('malformed request lines and targets', () => {
  it('an absolute URL that does not parse is a 400 error envelope, and the gateway stays up', async () => {
    const answer = await raw(gateway.port, line('http://[/'));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(errorEnvelope(/^Bad request target "http:\/\/\[\/": /));
    await stillUp();
    // Twice more, no key: still no crash.
    for (const target of ['http://[/', 'http://[::1/v1/test:notes/list']) {
      expect((await raw(gateway.port, line(target, ''))).status).toBe(400);
    }
    await stillUp();
  });

  it('a target that is neither a path nor an absolute URL is a 400 error envelope', async () => {
    for (const target of ['%zz', 'v1/test:notes/note/n1', '*']) {
      const answer = await raw(gateway.port, line(target));
      expect([target, answer.status]).toEqual([target, 400]);
      // Some are refused by Node's parser, some by the mock: the same 400 either way.
      expect(answer.body).toEqual(errorEnvelope(/^Bad request target\b.*send a path such as \/v1\//));
    }
    await stillUp();
  });

  it('a request line of garbage gets a 400 error envelope and the connection closed', async () => {
    for (const garbage of [
      '\x01\x02\x03 nonsense\r\n\r\n',
      'GET\r\n\r\n',
      'GET / HTTP/9.9\r\n\r\n',
      'G E T / HTTP/1.1\r\n\r\n',
    ]) {
      const answer = await raw(gateway.port, garbage);
      expect([JSON.stringify(garbage), answer.status, answer.closed]).toEqual([JSON.stringify(garbage), 400, true]);
      expect(answer.body).toEqual(errorEnvelope(/^Bad request: /));
    }
    await stillUp();
  });

  it('a CONNECT is a 405 error envelope, not a dropped connection', async () => {
    const answer = await raw(gateway.port, 'CONNECT gateway.example:443 HTTP/1.1\r\nHost: gateway.example:443\r\n\r\n');
    expect([answer.status, answer.closed]).toEqual([405, true]);
    expect(answer.body).toEqual(errorEnvelope('Only GET is served: every gateway operation is a read.'));
    await stillUp();
  });

  it('an absolute-form URL is served by its path; the host part is ignored', async () => {
    const answer = await raw(gateway.port, line('http://gateway.example/v1/test:notes/note/n1'));
    expect([answer.status, answer.body]).toEqual([200, note1]);
  });

  it('dot segments and doubled slashes are routed as paths, never as a host', async () => {
    const dots = await raw(gateway.port, line('/v1/../../etc'));
    expect([dots.status, dots.body]).toEqual([404, errorEnvelope(/^No route \/etc: /)]);
    const doubled = await raw(gateway.port, line('//v1/test:notes/note/n1'));
    expect([doubled.status, doubled.body]).toEqual([404, errorEnvelope(/^No route \/\/v1\/test:notes\/note\/n1: /)]);
  });
});

describe('percent-encoding', () => {
  it('malformed percent-encoding in the path is a 400 error envelope, not a 500', async () => {
    for (const path of [
      '/v1/test:notes/note/%E0%A4%A',
      '/v1/test:notes/note/%zz',
      '/v1/test%3Anotes/note/%',
      '/v1/%C0%AF/x',
    ]) {
      const answer = await raw(gateway.port, line(path));
      expect([path, answer.status]).toEqual([path, 400]);
      expect(answer.body).toEqual(errorEnvelope(/^Malformed path: ".*" is not valid percent-encoding\.$/));
    }
    // Without a key too: the request is refused before auth.
    expect((await raw(gateway.port, line('/v1/test:notes/note/%E0%A4%A', ''))).status).toBe(400);
    await stillUp();
  });

  it('valid percent-encoding in the path still decodes', async () => {
    const answer = await raw(gateway.port, line('/v1/test%3Anotes/note/%6E1'));
    expect([answer.status, answer.body]).toEqual([200, note1]);
  });

  it('malformed percent-encoding in the query is a 400 error envelope', async () => {
    for (const query of ['q=%E0%A4%A', 'q=%zz', 'q=100%', '%ff=1', 'q=velvet+orbit&limit=3%']) {
      const answer = await raw(gateway.port, line(`/v1/music:catalogstore/search?${query}`));
      expect([query, answer.status]).toEqual([query, 400]);
      expect(answer.body).toEqual(errorEnvelope(/^Malformed query: ".*" is not valid percent-encoding\.$/));
    }
    const fine = await raw(gateway.port, line('/v1/music:catalogstore/search?q=velvet%20orbit&limit=3'));
    expect(fine.status).toBe(200);
  });
});

describe('headers, slow clients and clients that leave', () => {
  it('a 64 KB header gets a 431 error envelope and the connection closed', async () => {
    const huge = `x-huge: ${'a'.repeat(64 * 1024)}\r\n`;
    const answer = await raw(gateway.port, line('/v1/test:notes/note/n1', `x-api-key: k\r\n${huge}`));
    expect([answer.status, answer.closed]).toEqual([431, true]);
    expect(answer.body).toEqual(errorEnvelope(/^Request header fields too large/));
    await stillUp();
  });

  it('a client that sends half a request line and stalls is answered 408 and closed by the headers timeout', async () => {
    const quick = await startMockGateway({ providers, fixtures, timeouts: { headersMs: 300, requestMs: 600 } });
    try {
      // The client waits up to a minute: a connection closed sooner was closed by the gateway's own 300-600 ms bounds.
      const stalled = await raw(quick.port, 'GET /v1/test:no', { waitMs: 60_000 });
      expect([stalled.status, stalled.closed]).toEqual([408, true]);
      expect(stalled.body).toEqual(errorEnvelope(/^Request timeout/));
      // One that connects and sends nothing at all is closed too.
      const silent = await raw(quick.port, '', { waitMs: 60_000 });
      expect(silent.closed).toBe(true);
      // One that trickles a header a byte at a time, never finishing, is closed by the same bound.
      let trickle: NodeJS.Timeout | undefined;
      const trickled = await raw(quick.port, 'GET /v1/test:notes/note/n1 HTTP/1.1\r\nx-slow: ', {
        waitMs: 60_000,
        onSocket: (socket) => {
          trickle = setInterval(() => socket.writable && socket.write('a'), 50);
        },
      });
      clearInterval(trickle);
      expect(trickled.closed).toBe(true);
      await stillUp(quick);
    } finally {
      await quick.close();
    }
  });

  it('an idle keep-alive connection is closed after the keep-alive timeout', async () => {
    const quick = await startMockGateway({ providers, fixtures, timeouts: { keepAliveMs: 200 } });
    try {
      const request = 'GET /v1/test:notes/note/n1 HTTP/1.1\r\nHost: x\r\nx-api-key: k\r\n\r\n';
      // Closed within the client's minute of waiting: by the gateway's 200 ms keep-alive bound.
      const idle = await raw(quick.port, request, { waitMs: 60_000 });
      expect([idle.status, idle.body, idle.closed]).toEqual([200, note1, true]);
    } finally {
      await quick.close();
    }
  });

  it('timeouts out of bounds are refused when the gateway starts', async () => {
    await expect(startMockGateway({ providers, fixtures, timeouts: { headersMs: 0 } })).rejects.toThrow(RangeError);
    await expect(startMockGateway({ providers, fixtures, timeouts: { requestMs: Infinity } })).rejects.toThrow(
      RangeError,
    );
    await expect(
      startMockGateway({ providers, fixtures, timeouts: { headersMs: 2_000, requestMs: 1_000 } }),
    ).rejects.toThrow(/headersMs/);
  });

  it('clients that disconnect or reset before the (delayed) answer do not upset the gateway', async () => {
    // Each of these asks to be answered after 30 s (the most a fault may ask); every client leaves within its
    // first 115 ms, long before, however slow the machine. Other requests are answered at once.
    const slow = await startMockGateway({ providers, fixtures });
    try {
      const leavers = Array.from({ length: 20 }, (_, index) =>
        raw(
          slow.port,
          line('/v1/test:notes/note/n1', 'x-api-key: k\r\nx-pdg-mock-fault: latency=30000\r\n').replace(
            'Connection: close\r\n',
            '',
          ),
          {
            onSocket: (socket) => {
              setTimeout(() => (index % 2 === 0 ? socket.destroy() : socket.resetAndDestroy()), 20 + index * 5);
            },
          },
        ),
      );
      const answers = await Promise.all(leavers);
      expect(answers.every((answer) => answer.status === undefined)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await stillUp(slow);
    } finally {
      await slow.close();
    }
  });
});

describe('under load', () => {
  type Kind = { path: string; expect: number[]; check?: (body: unknown) => boolean };
  const isError = (body: unknown) =>
    typeof body === 'object' &&
    body !== null &&
    (body as { status?: unknown }).status === 'error' &&
    typeof (body as { message?: unknown }).message === 'string';
  const kinds: Kind[] = [
    { path: '/v1/test:notes/note/n1', expect: [200], check: (body) => JSON.stringify(body) === JSON.stringify(note1) },
    {
      path: '/v1/music:catalogstore/search?q=velvet+orbit&limit=3',
      expect: [200],
      check: (body) => (body as { status?: unknown }).status === 'success',
    },
    {
      path: '/v1/test:notes/list?limit=2&page=3',
      expect: [200],
      check: (body) => Array.isArray((body as { items?: unknown }).items),
    },
    { path: '/v1/test:notes/note/nope', expect: [404], check: isError },
    { path: '/v1/test:nothing/list', expect: [404], check: isError },
    { path: '/nowhere', expect: [404], check: isError },
    { path: '/v1/music:catalogstore/search?q=x&limit=500', expect: [400], check: isError },
    { path: '/v1/test:notes/note/%E0%A4%A', expect: [400], check: isError },
    { path: '/v1/music:catalogstore/search?q=%zz', expect: [400], check: isError },
  ];
  /** Malformed requests sent over their own connections, among the others. */
  const rawKinds = [
    line('http://[/'),
    '\x01\x02 garbage\r\n\r\n',
    line('/v1/test:notes/note/n1', `x-big: ${'b'.repeat(20 * 1024)}\r\n`),
  ];

  // Bounded by a count, not a time: how many requests a second the gateway serves is `pnpm bench`'s to say.
  it('2,000 requests at concurrency 32, malformed ones among them: every one answered, and the gateway still up', async () => {
    const total = 2_000;
    const concurrency = 32;
    const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
    const counts = new Map<number, number>();
    const failures: string[] = [];
    let next = 0;

    const viaHttp = (kind: Kind) =>
      new Promise<void>((resolve) => {
        const request = httpRequest(
          { host: '127.0.0.1', port: gateway.port, path: kind.path, agent, headers: { 'x-api-key': 'k' } },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              const status = response.statusCode ?? 0;
              counts.set(status, (counts.get(status) ?? 0) + 1);
              let body: unknown;
              try {
                body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
              } catch {
                body = undefined;
              }
              if (!kind.expect.includes(status) || !kind.check?.(body)) {
                failures.push(`${kind.path}: ${status} ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`);
              }
              resolve();
            });
            response.on('error', (error) => {
              failures.push(`${kind.path}: ${error.message}`);
              resolve();
            });
          },
        );
        request.on('error', (error) => {
          failures.push(`${kind.path}: ${error.message}`);
          resolve();
        });
        request.end();
      });

    const viaRaw = async (data: string) => {
      const answer = await raw(gateway.port, data);
      const status = answer.status ?? 0;
      counts.set(status, (counts.get(status) ?? 0) + 1);
      if (![400, 431].includes(status) || !isError(answer.body) || !answer.closed) {
        failures.push(`raw ${JSON.stringify(data.slice(0, 40))}: ${answer.text.slice(0, 200)}`);
      }
    };

    const worker = async () => {
      while (next < total) {
        const index = next++;
        if (index % 100 === 99) await viaRaw(rawKinds[((index / 100) % rawKinds.length) | 0] ?? '');
        else await viaHttp(kinds[index % kinds.length] as Kind);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    agent.destroy();

    const answered = [...counts.values()].reduce((sum, count) => sum + count, 0);
    const summary = [...counts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    console.log(`mock load: ${answered} requests at concurrency ${concurrency}, ${summary}`);
    expect(failures.slice(0, 5)).toEqual([]);
    expect(answered).toBe(total);
    expect(counts.get(0)).toBeUndefined();
    await stillUp();
  });

  it('after all of it, close() resolves and the port is free', async () => {
    await stillUp();
    await gateway.close();
    closed = true;
    await expect(fetch(`${gateway.url}/v1/test:notes/note/n1`)).rejects.toThrow();
  });
});
