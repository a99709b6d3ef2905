/**
 * `pdg mcp --http` and a client that is slow to come back: a connection the server kept alive must still
 * be there when the client sends its next request a little after the time the server advertised. A client
 * learns from `Keep-Alive: timeout=N` how long it may reuse a connection, but on a loaded machine its
 * timers run late and it reuses one it meant to drop; a server that closes at exactly N seconds then cuts
 * that request (`SocketError: other side closed`). An idle connection is still closed, later.
 *
 * The client is a raw socket, so that its timing is the test's: it comes back one second late.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, cli } from './run-cli.js';

const initialize = (id: number) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'slow-client', version: '0.0.0' } },
  });

/** What the socket receives, and when it closes. */
function reader(socket: Socket) {
  let text = '';
  const waiting = new Set<() => void>();
  let closedAt: number | undefined;
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    for (const check of waiting) check();
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    closedAt = performance.now();
    for (const check of waiting) check();
  });
  return {
    /** The answer to request `id` (its whole text so far), or why none came. */
    answerTo: (id: number) =>
      new Promise<string>((resolve) => {
        const check = () => {
          if (text.includes(`"id":${id}`)) resolve(text);
          else if (closedAt !== undefined) resolve(`closed without an answer to ${id}`);
          else return;
          waiting.delete(check);
        };
        waiting.add(check);
        check();
      }),
    closed: () =>
      new Promise<number>((resolve) => {
        const check = () => {
          if (closedAt === undefined) return;
          waiting.delete(check);
          resolve(closedAt);
        };
        waiting.add(check);
        check();
      }),
  };
}

function send(socket: Socket, port: string, id: number): void {
  const body = initialize(id);
  socket.write(
    `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Accept: application/json, text/event-stream\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

describe('pdg mcp --http with a client that is slow to come back', () => {
  let child: ChildProcess;
  let url: string;

  beforeAll(async () => {
    child = spawn(process.execPath, [cli, 'mcp', '--mock', '--http', '--port', '0'], {
      env: cleanEnv,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let text = '';
    url = await new Promise<string>((resolve, reject) => {
      child.stderr?.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        const found = /^pdg mcp: (http:\/\/127\.0\.0\.1:\d+\/mcp) /m.exec(text);
        if (found) resolve(found[1] as string);
      });
      child.once('exit', (code) => reject(new Error(`pdg mcp exited (${code}):\n${text}`)));
    });
  });
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  it('answers a request sent on a kept-alive connection a second past the advertised time, then closes it when idle', async () => {
    const { port } = new URL(url);
    const socket = connect(Number(port), '127.0.0.1');
    const received = reader(socket);
    send(socket, port, 1);
    const first = await received.answerTo(1);
    expect(first).toMatch(/^HTTP\/1\.1 200 /);
    const seconds = Number(/\r\nkeep-alive: timeout=(\d+)/i.exec(first)?.[1]);
    expect(seconds, 'a Keep-Alive timeout').toBeGreaterThan(0);

    await new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 1000));
    send(socket, port, 2);
    const whole = await received.answerTo(2);
    const second = whole.startsWith(first) ? whole.slice(first.length) : whole;
    expect(second).toMatch(/^HTTP\/1\.1 200 /);
    expect(second).toContain('"serverInfo"');

    // Idle from then on: the server closes it (else the test's timeout ends it), never before the time it said.
    const answeredAt = performance.now();
    expect((await received.closed()) - answeredAt).toBeGreaterThanOrEqual(seconds * 1000);
  }, 90_000);
});
