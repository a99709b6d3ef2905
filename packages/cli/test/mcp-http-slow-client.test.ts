/**
 * `pdg mcp --http` and a client whose event loop stalls between two calls (a busy machine, a long synchronous
 * step). A server that keeps connections alive must close an idle one at some time of its own; a stalled
 * client's timers have not yet dropped it, so the client sends its next POST on a connection the server has
 * closed and gets `SocketError: other side closed` (the suite met it after the 110 input schemas were
 * compiled on a slow machine). The server ends each connection with its answer instead, saying so, so that
 * no client ever holds a connection the server may close.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, cli } from './run-cli.js';

/**
 * How long the client's loop is held: past the 5 s Node's servers give an idle connection and the 15 s this
 * server used to give it, the two times after which a stalled client met a closed connection.
 */
const stallMs = 16_000;

/** Holds this thread without spending CPU, as a long synchronous step would hold a client's event loop. */
function stallEventLoop(ms: number): string {
  return Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'raw-client', version: '0.0.0' } },
});

/** Two requests written at once on one connection; resolves with all the server sent before it closed. */
function twoRequestsOnOneConnection(port: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
    });
    socket.on('error', () => undefined);
    // Only a guard against a server that never closes: the answer comes in well under a second.
    const guard = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the connection was still open after 60 s; received:\n${received}`));
    }, 60_000);
    socket.on('close', () => {
      clearTimeout(guard);
      resolve(received);
    });
    const request =
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Accept: application/json, text/event-stream\r\nContent-Length: ${Buffer.byteLength(initialize)}\r\n\r\n${initialize}`;
    socket.write(request + request);
  });
}

describe('pdg mcp --http with a client whose event loop stalls between two calls', () => {
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

  it('answers the SDK client after its loop was held for 16 s', async () => {
    const client = new Client({ name: 'stalled-client', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['find_endpoints', 'call_endpoint']);
    expect(stallEventLoop(stallMs)).toBe('timed-out');
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['find_endpoints', 'call_endpoint']);
    await client.close();
  }, 90_000);

  it('ends each connection with its answer, saying Connection: close: one answer per connection', async () => {
    const received = await twoRequestsOnOneConnection(new URL(url).port);
    expect(received.match(/^HTTP\/1\.1 \d{3} /gm)).toEqual(['HTTP/1.1 200 ']);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
    expect(received).not.toMatch(/\r\nkeep-alive:/i);
    expect(received).toContain('"serverInfo"');
  }, 90_000);
});
