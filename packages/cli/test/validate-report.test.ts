/** `pdg run --validate report` against a gateway whose response drifted from the documented shape. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

/** The search page with `page` become a string, `count` gone and an undocumented `region`. */
const drifted = { page: '1', items: [], region: 'north-7f3a' };

let gateway: Server;
let args: string[] = [];

beforeAll(async () => {
  gateway = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ status: 'success', message: 'ok', content: drifted }));
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const { port } = gateway.address() as AddressInfo;
  args = ['run', 'music:catalogstore', 'search', '--q', 'x', '--base-url', `http://127.0.0.1:${port}`];
  args.push('--api-key', 'cli-drift-key-9d2e', '--compact');
});

afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())));

describe('pdg run --validate', () => {
  it('report prints the drifted response and says on stderr what differs, once per field, never the value', async () => {
    const { code, stdout, stderr } = await runCli([...args, '--validate', 'report']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(drifted);
    const lines = stderr.trim().split('\n');
    expect(lines.sort()).toEqual([
      'pdg: music:catalogstore search response differs from its documented shape at count (missing: expected number, received absent); returned as sent',
      'pdg: music:catalogstore search response differs from its documented shape at page (type: expected number, received string); returned as sent',
      'pdg: music:catalogstore search response differs from its documented shape at region (added: expected absent, received string); returned as sent',
    ]);
    expect(stderr).not.toContain('north-7f3a');
  });

  it('strict (the default) still fails on the same response', async () => {
    const { code, stderr } = await runCli(args);
    expect(code).toBe(1);
    expect(stderr).toContain('does not match the documented shape');
  });

  it('refuses a mode it does not know, naming the three', async () => {
    const { code, stderr } = await runCli([...args, '--validate', 'loose']);
    expect(code).toBe(2);
    expect(stderr).toContain('--validate must be strict, report or off (received "loose")');
  });
});
