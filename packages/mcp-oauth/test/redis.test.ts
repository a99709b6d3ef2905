/**
 * Sign-ins in Redis (`redisUrl`): a token issued by one server process is honoured by another using the same
 * Redis, and what Redis holds has neither the key nor the token in it. Needs redis-server: without it the
 * test fails in CI and is skipped elsewhere.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { jobboard } from '@pdg/jobs-jobboard';
import { type RunningMcpHttpServer, startMcpHttpServer } from '@pdg/mcp';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mcpOAuth } from '../src/index.js';
import { browseWith, type Hosted, keyA, signIn, startHosted } from './hosted.js';

const secret = 'made-up-oauth-secret-for-tests-0123456789abcdef';
const noRedis = spawnSync('redis-server', ['--version']).status === 0 ? undefined : 'no redis-server on this machine';

let redis: ChildProcess | undefined;
let redisUrl = '';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  if (noRedis) return;
  const port = await freePort();
  redisUrl = `redis://127.0.0.1:${port}`;
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  redis = child;
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start in 60 s: ${output}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
}, 90_000);
afterAll(async () => {
  if (!redis || redis.exitCode !== null) return;
  const child = redis;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
});

it('a token issued by one process is honoured by another on the same Redis, which holds no key or token', async (context) => {
  if (noRedis) {
    if (process.env.CI === 'true') throw new Error(`The Redis sign-in test needs redis-server in CI: ${noRedis}.`);
    context.skip(noRedis);
    return;
  }
  let first: Hosted | undefined;
  let second: RunningMcpHttpServer | undefined;
  const reader = new Redis(redisUrl);
  try {
    first = await startHosted({ redisUrl, secret });
    const access = { providers: [jobboard], baseUrl: first.gateway.url, retry: 0 } as const;
    second = await startMcpHttpServer({
      ...access,
      toolset: 'endpoints',
      auth: mcpOAuth({ ...access, redisUrl, secret, publicUrl: first.server.url }),
    });
    const tokens = await signIn(first, keyA);
    const onSecond = { ...first, server: second };
    const answer = await browseWith(onSecond, { authorization: `Bearer ${tokens.access_token}` }, 3);
    expect(answer.status).toBe(200);
    expect(JSON.parse(await answer.text()).result.isError).toBeFalsy();

    const keys = await reader.keys('pdg:mcp-oauth:*');
    expect(keys.some((key) => key.includes(':grant:'))).toBe(true);
    const held = [...keys, ...(await Promise.all(keys.map((key) => reader.get(key))))].join('\n');
    for (const secretText of [keyA, tokens.access_token, tokens.refresh_token]) expect(held).not.toContain(secretText);
  } finally {
    reader.disconnect();
    await second?.close();
    await first?.close();
  }
}, 120_000);
