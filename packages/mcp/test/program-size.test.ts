/**
 * Code mode's cap on a program's text (`limits.maxProgramBytes`): a longer program is refused before its type
 * check, which runs on the server's own thread, so that one caller's huge text cannot hold a shared server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveLimits } from '../src/limits.js';
import { type Connected, connect, textOf } from './connect.js';

/** A program that returns one job's title, padded by a comment to exactly `bytes` UTF-8 bytes. */
function programOf(bytes: number): string {
  const body =
    "const page = await pdg.run('jobs:jobboard', 'browse', { country: 'SG', limit: 1 });\nreturn page.items[0]?.title;\n";
  // `é` is two bytes in UTF-8: the cap counts bytes, not characters.
  const padding = bytes - new TextEncoder().encode(`${body}//`).byteLength;
  return `${body}//${'é'.repeat(Math.floor(padding / 2))}${'x'.repeat(padding % 2)}`;
}

describe('execute: the size of a program', () => {
  let server: Connected;
  beforeAll(async () => {
    server = await connect({ toolset: 'code', limits: { maxProgramBytes: 2_000 } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a program one byte over the cap, naming code, its size and the cap; nothing is sent', async () => {
    const result = await server.call('execute', { code: programOf(2_001) });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'INVALID_PARAMS: Invalid arguments for execute: code must be at most 2,000 bytes (received 2,001). Let the program fetch what it needs with pdg calls rather than carry it in its text. Nothing was sent.',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('runs a program of exactly the cap', async () => {
    const result = await server.call('execute', { code: programOf(2_000) });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ result: expect.any(String), calls: 1 });
    expect(server.requests).toHaveLength(1);
  });

  it("says the cap in execute's description", async () => {
    const { tools } = await server.client.listTools();
    expect(tools.find((tool) => tool.name === 'execute')?.description).toContain('each at most 2,000 bytes long');
  });

  it('is 64,000 bytes by default, and must be a whole number of at least 1', () => {
    expect(resolveLimits().maxProgramBytes).toBe(64_000);
    expect(() => resolveLimits({ maxProgramBytes: 0 })).toThrow(
      'limits.maxProgramBytes must be a whole number >= 1 (received 0).',
    );
  });
});
