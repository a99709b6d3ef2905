/**
 * Calls through a real HTTP proxy on loopback (the `proxy` package from npm), as the README says to set one
 * up: on Node with undici's `EnvHttpProxyAgent` and with `NODE_USE_ENV_PROXY=1`; on Bun and Deno through
 * their own proxy environment. The gateway is HTTPS (the mock gateway behind a TLS front on loopback, its
 * certificate from a test CA in loopback-tls/), so each runtime tunnels through the proxy with CONNECT: the
 * gateway gets the key, and the proxy's log (each request it is asked to carry: method, target, headers)
 * never holds it. Over plain HTTP a proxy reads whole requests, the key among them (Bun and Deno forward
 * them so), which is why the README says to use an https gateway URL through a proxy.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { createClient } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { type MockRequestInfo, type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { createProxy, type ProxyServer } from 'proxy';
import { EnvHttpProxyAgent, getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Runtimes } from '../../../config/runtimes-setup.js';
import { unavailable } from './available.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const key = 'made-up-proxy-key-7c41e9';
const tls = (name: string) => fileURLToPath(new URL(`./loopback-tls/${name}`, import.meta.url));
const caFile = tls('ca.pem');

let front: TlsServer;
/** The gateway's URL: HTTPS, on loopback. */
let gatewayUrl = '';

let gateway: RunningMockGateway;
let proxy: ProxyServer;
let proxyUrl = '';
const reached: MockRequestInfo[] = [];
/** What the proxy was asked to carry, one line per request: method, target, headers. */
const proxyLog: string[] = [];

beforeAll(async () => {
  // The gateway answers this key only: a call that succeeds carried it.
  gateway = await startMockGateway({
    providers: [jobboard],
    fixtures,
    apiKeys: [key],
    onRequest: (request) => reached.push(request),
  });
  // HTTPS in front of the mock gateway: each TLS connection piped to it.
  const mockPort = Number(new URL(gateway.url).port);
  front = createTlsServer({ key: readFileSync(tls('key.pem')), cert: readFileSync(tls('cert.pem')) }, (socket) => {
    const upstream = connect(mockPort, '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `https://127.0.0.1:${(front.address() as AddressInfo).port}`;
  proxy = createProxy(createServer());
  const log = (request: { method?: string; url?: string; headers: object }) =>
    proxyLog.push(`${request.method} ${request.url} ${JSON.stringify(request.headers)}`);
  proxy.on('request', log);
  proxy.on('connect', log);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await gateway?.close();
  await new Promise((resolve) => proxy?.close(resolve));
  await new Promise((resolve) => front?.close(resolve));
});
beforeEach(() => {
  reached.length = 0;
  proxyLog.length = 0;
});

function run(file: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      file,
      args,
      { cwd: root, timeout: 300_000, env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The gateway got the call with the key, through the proxy, whose log never shows the key. */
function expectProxied(runtime: string) {
  const gatewayHost = new URL(gatewayUrl).host;
  expect(reached.map((request) => request.hasApiKey)).toEqual([true]);
  expect(reached[0]?.headers['user-agent']).toMatch(new RegExp(` ${runtime}/`));
  expect(proxyLog.length, 'the proxy carried nothing').toBeGreaterThan(0);
  expect(proxyLog.every((line) => line.startsWith(`CONNECT ${gatewayHost} `))).toBe(true);
  expect(proxyLog.join('\n')).not.toContain(key);
}

describe('through an HTTP proxy', () => {
  it("Node: undici's EnvHttpProxyAgent as the global dispatcher, from HTTPS_PROXY", async () => {
    const saved = process.env.HTTPS_PROXY;
    process.env.HTTPS_PROXY = proxyUrl;
    const agent = new EnvHttpProxyAgent({ requestTls: { ca: readFileSync(caFile) } });
    if (saved === undefined) delete process.env.HTTPS_PROXY;
    else process.env.HTTPS_PROXY = saved;
    const before = getGlobalDispatcher();
    setGlobalDispatcher(agent);
    try {
      const pdg = createClient({ providers: [jobboard], baseUrl: gatewayUrl, apiKey: key, retry: 0 });
      const page = await pdg.run('jobs:jobboard', 'browse', { country: 'SG', limit: 2 });
      expect(page.items).toHaveLength(2);
      expectProxied('node');
    } finally {
      setGlobalDispatcher(before);
      await agent.close();
    }
  });

  it('Node: NODE_USE_ENV_PROXY=1 with HTTPS_PROXY, the global fetch as it is', async () => {
    const env = { NODE_USE_ENV_PROXY: '1', HTTPS_PROXY: proxyUrl, NO_PROXY: '', NODE_EXTRA_CA_CERTS: caFile };
    const { code, stdout, stderr } = await run(process.execPath, ['portable/proxied.mjs', gatewayUrl], env);
    expect(code, stderr).toBe(0);
    expect(stdout.trim()).toBe(`ok node ${process.versions.node}: browse 2 jobs`);
    expectProxied('node');
  });

  it('Node: NO_PROXY naming the gateway goes around the proxy', async () => {
    const env = { NODE_USE_ENV_PROXY: '1', HTTPS_PROXY: proxyUrl, NO_PROXY: '127.0.0.1', NODE_EXTRA_CA_CERTS: caFile };
    const { code, stderr } = await run(process.execPath, ['portable/proxied.mjs', gatewayUrl], env);
    expect(code, stderr).toBe(0);
    expect(reached).toHaveLength(1);
    expect(proxyLog).toEqual([]);
  });

  const fetched = inject('runtimes');
  const installed = (context: { skip(note?: string): never }): Runtimes => {
    if (!fetched.ok) unavailable(context, fetched.error);
    return fetched.runtimes;
  };

  it('Bun: HTTPS_PROXY', async (context) => {
    const { bun, versions } = installed(context);
    const env = { HTTPS_PROXY: proxyUrl, NO_PROXY: '', NODE_EXTRA_CA_CERTS: caFile };
    const { code, stdout, stderr } = await run(bun, ['portable/proxied.mjs', gatewayUrl], env);
    expect(code, stderr).toBe(0);
    expect(stdout.trim()).toBe(`ok bun ${versions.bun}: browse 2 jobs`);
    expectProxied('bun');
  });

  it('Deno: HTTPS_PROXY', async (context) => {
    const { deno, versions } = installed(context);
    const args = ['run', '--no-prompt', '--no-lock', '--allow-net=127.0.0.1', `--cert=${caFile}`];
    args.push('portable/proxied.mjs', gatewayUrl);
    const { code, stdout, stderr } = await run(deno, args, { HTTPS_PROXY: proxyUrl, NO_PROXY: '' });
    expect(code, stderr).toBe(0);
    expect(stdout.trim()).toBe(`ok deno ${versions.deno}: browse 2 jobs`);
    expectProxied('deno');
  });
});
