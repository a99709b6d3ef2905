/**
 * `onProgress` tells how far a program went as it runs: each gateway answer (a walk's page or a call's
 * answer) and each item its walks hand it, so that a long run (an MCP task) can say where it is.
 */
import { describe, expect, it } from 'vitest';
import { runProgram } from '../src/index.js';
import { sandboxOnMock } from './on-mock.js';

const { client } = sandboxOnMock('made-up-key-sandbox-progress-5c1e7a', () => {});

describe("a program's progress", () => {
  it("counts pages and items as they come, and a call's answer as one page", async () => {
    const told: { pages: number; items: number }[] = [];
    const result = await runProgram({
      client: client(),
      code: `
        let n = 0;
        for await (const job of pdg.items('jobs:jobboard', 'browse', { limit: 10 }, { maxItems: 25 })) n++;
        await pdg.run('jobs:jobboard', 'browse', { limit: 1 });
        return n;
      `,
      onProgress: (progress) => told.push({ ...progress }),
    });
    expect(result.value).toBe(25);
    // Three pages of the walk (10, 10 and 5 of its items taken), then the call's answer.
    expect(told.at(-1)).toEqual({ pages: 4, items: 25 });
    const pagesTold = told.map((progress) => progress.pages);
    const itemsTold = told.map((progress) => progress.items);
    // Never backwards, and each item told once.
    expect(pagesTold).toEqual([...pagesTold].sort((a, b) => a - b));
    expect(new Set(itemsTold.filter((items) => items > 0)).size).toBe(25);
    // The first page is told before its first item.
    expect(told[0]).toEqual({ pages: 1, items: 0 });
  });
});
