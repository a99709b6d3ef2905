/**
 * What a program makes the host hold is bounded: each call's params are measured before they cross or are
 * parsed, walks open at once are capped (a closed walk frees its slot), and no message quotes a long value.
 */
import type { ClientEndpoints } from '@pdg/core/face';
import { describe, expect, it } from 'vitest';
import { resolveBounds } from '../src/bounds.js';
import { hostCalls } from '../src/host-calls.js';
import { runProgram } from '../src/index.js';
import { maxOpenWalks, maxParamsChars, type Settled } from '../src/messages.js';
import { sandboxOnMock } from './on-mock.js';

let requests = 0;
const { client, run, failure } = sandboxOnMock('made-up-key-sandbox-held-90b2d4', () => {
  requests++;
});

const mebibyte = 1024 * 1024;

describe('what a program makes the host hold', () => {
  it('refuses params over the cap in the program, naming the cap, and sends nothing', async () => {
    const before = requests;
    const result = await run(`
      const big = { country: 'x'.repeat(${2 * maxParamsChars}) };
      const seen = [];
      for (const attempt of [
        () => pdg.run('jobs:jobboard', 'browse', big),
        () => pdg.toArray(pdg.items('jobs:jobboard', 'browse', big)),
        () => pdg.toArray(pdg.pages('jobs:jobboard', 'browse', big)),
        () => pdg.run('x'.repeat(1000), 'browse', {}),
      ]) {
        try { await attempt(); seen.push('answered'); } catch (error) { seen.push(error.name + ' ' + error.code + ': ' + error.message); }
      }
      return seen;
    `);
    const seen = result.value as string[];
    expect(seen).toHaveLength(4);
    for (const said of seen.slice(0, 3)) {
      expect(said).toMatch(
        /^PdgError INVALID_PARAMS: The call's params, as JSON, is 131,\d{3} characters; at most 65,536 are accepted\. Nothing was sent/,
      );
    }
    expect(seen[3]).toMatch(/^PdgError INVALID_PARAMS: The provider id is 1,000 characters; at most 200 are accepted/);
    expect(requests - before).toBe(0);
    expect(result.calls).toBe(0);
  });

  it('keeps host memory within 3x memoryBytes for 100 walks opened with a 1 MB param and 30 calls with a 4 MB one', async () => {
    const memoryBytes = 32 * mebibyte;
    await run('return 1'); // the engine loaded, a spare worker ready
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 10);
    try {
      const result = await run(
        `
        const walkParams = { country: 'w'.repeat(${mebibyte}) };
        const callParams = { country: 'c'.repeat(${4 * mebibyte}) };
        let refused = 0;
        for (let i = 0; i < 100; i++) {
          try { for await (const job of pdg.items('jobs:jobboard', 'browse', walkParams)) break; } catch { refused++; }
        }
        for (let i = 0; i < 30; i++) {
          try { await pdg.run('jobs:jobboard', 'browse', callParams); } catch { refused++; }
        }
        return refused;
      `,
        { memoryBytes, cpuMs: 60_000, wallMs: 120_000 },
      );
      expect(result.value).toBe(130);
    } finally {
      clearInterval(sampler);
    }
    const after = process.memoryUsage();
    peakRss = Math.max(peakRss, after.rss);
    peakHeap = Math.max(peakHeap, after.heapUsed);
    expect(peakRss - before.rss).toBeLessThan(3 * memoryBytes);
    expect(peakHeap - before.heapUsed).toBeLessThan(3 * memoryBytes);
  });

  it('caps the walks open at once, naming the cap, and frees a slot when a walk is closed or finished', async () => {
    const capped = await failure(`
      const open = [];
      for (let i = 0; i <= ${maxOpenWalks}; i++) open.push(pdg.pages('jobs:jobboard', 'browse', { limit: 1 }));
    `);
    expect(capped).toMatchObject({ kind: 'program' });
    expect(capped.message).toMatch(
      new RegExp(`^Error: at most ${maxOpenWalks} walks \\(pdg.items / pdg.pages\\) may be open at once`),
    );
    const before = requests;
    const reused = await run(`
      let seen = 0;
      for (let i = 0; i < ${3 * maxOpenWalks}; i++) {
        for await (const job of pdg.items('jobs:jobboard', 'browse', { limit: 1 })) { seen++; break; }
      }
      const whole = await pdg.toArray(pdg.pages('jobs:jobboard', 'browse', { limit: 100 }));
      return [seen, whole.length];
    `);
    expect(reused.value).toEqual([3 * maxOpenWalks, 3]);
    expect(requests - before).toBe(3 * maxOpenWalks + 3);
  });

  it('refuses, on the host, a request over the cap before parsing it, and never calls the client', () => {
    const replies: Settled[] = [];
    const touched: string[] = [];
    const endpoints = new Proxy(
      {},
      {
        get: (_target, name) => {
          touched.push(String(name));
          return undefined;
        },
      },
    ) as ClientEndpoints;
    const calls = hostCalls({
      endpoints,
      bounds: resolveBounds(),
      signal: new AbortController().signal,
      redact: (value) => value,
      reply: (message) => replies.push(message),
      breach: (error) => {
        throw error;
      },
    });
    // Not JSON either: a refusal for its length shows it was never parsed.
    const params = `{${'x'.repeat(16 * mebibyte)}`;
    calls.handle({ type: 'call', id: 1, provider: 'jobs:jobboard', endpoint: 'browse', params });
    calls.handle({
      type: 'open',
      walk: 1,
      items: true,
      provider: 'jobs:jobboard',
      endpoint: 'browse',
      params,
      options: '{}',
    });
    calls.handle({ type: 'next', id: 2, walk: 1 });
    expect(replies).toHaveLength(2);
    for (const [index, reply] of replies.entries()) {
      expect(reply).toMatchObject({ type: 'settle', id: index + 1, error: { code: 'INVALID_PARAMS' } });
      const { message } = (reply as Extract<Settled, { error: unknown }>).error;
      expect(message).toMatch(/^The call's params, as JSON, is 16,777,217 characters; at most 65,536 are accepted/);
      expect(message.length).toBeLessThan(400);
    }
    expect(calls.calls).toBe(0);
    expect(touched).toEqual([]);
  });

  it("counts the host's own time on a program's requests against cpuMs", async () => {
    // Each answer costs the host 100 ms (a slow redact): 30 calls are 3 s of host time while the worker waits.
    const slowRedact = (value: unknown) => {
      const started = performance.now();
      while (performance.now() - started < 100) {
        // the host busy on the program's behalf
      }
      return value;
    };
    const error = await runProgram({
      code: "for (let i = 0; i < 30; i++) await pdg.run('jobs:jobboard', 'browse', { limit: 1 }); return 'done'",
      client: client(),
      bounds: { cpuMs: 500, wallMs: 120_000 },
      redact: slowRedact,
    }).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ kind: 'bound', bound: 'cpuMs', limit: 500 });
  });

  it('cuts a long error the program throws, or a gateway message, to a prefix and its length', async () => {
    const thrown = await failure(`throw new Error('e'.repeat(3_000_000))`);
    expect(thrown.kind).toBe('program');
    expect(thrown.message.length).toBeLessThan(1_200);
    expect(thrown.message).toMatch(
      /^Error: e{1000}… \(cut: 3,000,000 characters in all\) \(at line 1 of the program\)$/,
    );
    const long = await failure(`await pdg.run('jobs:jobboard', 'browse', { sort: 's'.repeat(60_000) })`);
    expect(long).toMatchObject({ kind: 'gateway', code: 'INVALID_PARAMS' });
    expect(long.message.length).toBeLessThan(1_200);
  });
});
