/**
 * Programs run on a worker the host ends from outside: a loop inside one native call, or one that only makes
 * promises, ends at its bound, and while it runs the host keeps answering other programs.
 */
import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { cpuClockOf } from '../src/cpu-time.js';
import { runProgram } from '../src/index.js';
import { sandboxOnMock } from './on-mock.js';

const { client, run, failure } = sandboxOnMock('made-up-key-sandbox-outside-3c8e1f', () => undefined);

/** Loops that never ask QuickJS's interrupt handler (a native call), or that only make promises. */
const nativeLoop = 'Array.prototype.includes.call({ length: 2 ** 40 }, 1)';
const promiseLoop = 'for (;;) new Promise(() => {})';

describe('a program the host ends from outside', () => {
  it('ends a loop inside one native call, and one that only makes promises, at their CPU bound', async () => {
    for (const code of [nativeLoop, promiseLoop]) {
      const error = await failure(code, { cpuMs: 200 });
      expect(error).toMatchObject({ kind: 'bound', bound: 'cpuMs', limit: 200 });
      expect(error.message).toMatch(/^Bound exceeded: cpuMs 200 ms\. The program was stopped/);
    }
  });

  it('ends a native loop at its wall-time bound when that comes first', async () => {
    const error = await failure(nativeLoop, { cpuMs: 60_000, wallMs: 500 });
    expect(error).toMatchObject({ kind: 'bound', bound: 'wallMs', limit: 500 });
  });

  it('answers another program while two endless ones run, before either ends', async () => {
    // A program first, so that the engine is loaded and a spare worker is ready, as on a server in use.
    expect((await run('return 1 + 1')).value).toBe(2);
    const order: string[] = [];
    // Bounds that only guard against a hang: the loops end when the test aborts them, after the answer, so
    // that the answer comes while both still run however slow the machine (and they burn no CPU past it).
    const caller = new AbortController();
    const endless = [nativeLoop, promiseLoop].map((code, index) =>
      runProgram({
        code,
        client: client(),
        bounds: { cpuMs: 120_000, wallMs: 120_000 },
        signal: caller.signal,
      }).then(
        (result) => new Error(`expected the loop to be stopped, got ${JSON.stringify(result)}`),
        (error: unknown) => {
          order.push(`loop ${index}`);
          return error;
        },
      ),
    );
    const answer = await run('return 1 + 1');
    order.push('answer');
    caller.abort();
    const errors = await Promise.all(endless);
    expect(answer.value).toBe(2);
    expect(order[0]).toBe('answer');
    // Both ended by the abort, neither by a bound or a failure of its own: neither ended before the answer.
    for (const error of errors) {
      expect(error).toMatchObject({ kind: 'program', message: 'The run was cancelled by its caller.' });
    }
  });

  it("ends a native loop when its caller's signal is aborted, as a server does when it closes", async () => {
    const caller = new AbortController();
    const running = runProgram({
      code: nativeLoop,
      client: client(),
      bounds: { cpuMs: 120_000, wallMs: 120_000 },
      signal: caller.signal,
    }).catch((error: unknown) => error);
    // Aborted once another program has come and gone: the loop is running (or about to).
    await run('return 1');
    caller.abort();
    expect(await running).toMatchObject({ kind: 'program', message: 'The run was cancelled by its caller.' });
  });

  it("reads the worker's CPU time from the thread, else from its event loop's busy time, else bounds it from above", async () => {
    const thread = { cpuUsage: async () => ({ user: 2_000, system: 500 }), performance: {} } as unknown as Worker;
    expect(await cpuClockOf(thread, () => 0)()).toBe(2.5);
    const loop = { performance: { eventLoopUtilization: () => ({ active: 42 }) } } as unknown as Worker;
    expect(await cpuClockOf(loop, () => 0)()).toBe(42);
    // Neither (or Bun, whose two readings are answered by the worker itself): at most the process's CPU time
    // and at most the time the program was not waiting, both since the clock was made.
    const bare = { performance: {} } as unknown as Worker;
    const made = performance.now();
    const notWaiting = cpuClockOf(bare, () => 0);
    let spun = 0;
    for (let step = 0; step < 20_000_000; step++) spun += step % 7;
    const used = await notWaiting();
    expect(spun).toBeGreaterThan(0);
    expect(used).toBeGreaterThan(0);
    expect(used).toBeLessThanOrEqual(performance.now() - made);
    // A program waiting on the host the whole time is charged none of the same work (what is left is the time
    // between two readings of the clock).
    const waitingSince = performance.now();
    const waiting = cpuClockOf(bare, () => performance.now() - waitingSince);
    for (let step = 0; step < 20_000_000; step++) spun += step % 7;
    expect(await waiting()).toBeLessThan(used / 2);
  });
});
