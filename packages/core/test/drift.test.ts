import { describe, expect, it } from 'vitest';
import type { Drift, HookContext } from '../src/index.js';
import { failure, gateway, testClient } from './harness.js';

const track = { title: 'One More Time', trackId: 101, isExplicit: false };

/**
 * The search response as the gateway might send it after its source changed: `count` (a required number)
 * gone, `trackId` a string in every item, and an undocumented `lyricsUrl` in every item.
 */
const drifted = {
  page: 1,
  items: [
    { ...track, trackId: 'trk-101-secret-value', lyricsUrl: 'https://lyrics.example/101' },
    { ...track, title: 'Aerodynamic', trackId: 'trk-102-secret-value', lyricsUrl: 'https://lyrics.example/102' },
  ],
};

function serveDrifted(times = 1) {
  gateway()
    .get('/v1/music:tunes/search')
    .query(true)
    .times(times)
    .reply(200, { status: 'success', message: 'ok', content: drifted });
}

/** A client in `'report'` mode recording what its `onDrift` hook and its debug lines were told. */
function reportingClient() {
  const reports: (HookContext & { drift: Drift })[] = [];
  const lines: string[] = [];
  const pdg = testClient({
    validate: 'report',
    hooks: { onDrift: (context) => reports.push(context) },
    debug: (line) => lines.push(line),
  });
  return { pdg, reports, lines };
}

describe("validate: 'report'", () => {
  it('remembers at most 1,000 told fields: against field names that keep changing, memory stays bounded', async () => {
    // One answer with 1,001 undocumented fields: each is told once, and the client keeps only the newest
    // 1,000, so the same answer again tells the forgotten one again (and, each telling forgetting the next
    // oldest, the rest); a gateway whose field names change on every answer cannot grow the client.
    const extra = Object.fromEntries(Array.from({ length: 1_001 }, (_, i) => [`field${i}`, i]));
    gateway()
      .get('/v1/music:tunes/search')
      .query(true)
      .times(2)
      .reply(200, {
        status: 'success',
        message: 'ok',
        content: { page: 1, count: 1, items: [{ ...track, ...extra }] },
      });
    const { pdg, reports } = reportingClient();
    await pdg.run('music:tunes', 'search', { q: 'daft punk' });
    expect(reports).toHaveLength(1_001);
    await pdg.run('music:tunes', 'search', { q: 'daft punk' });
    expect(reports.length).toBeGreaterThan(1_001);
    expect(reports[1_001]?.drift.path).toBe('items[].field0');
  });

  it('returns a drifted response as sent and reports each difference once, by field', async () => {
    serveDrifted(2);
    const { pdg, reports } = reportingClient();
    const first = await pdg.run('music:tunes', 'search', { q: 'daft punk' });
    expect(first).toEqual(drifted);
    expect(reports.map(({ provider, endpoint, drift }) => ({ provider, endpoint, ...drift }))).toEqual(
      expect.arrayContaining([
        {
          provider: 'music:tunes',
          endpoint: 'search',
          path: 'count',
          change: 'missing',
          expected: 'number',
          received: 'absent',
        },
        {
          provider: 'music:tunes',
          endpoint: 'search',
          path: 'items[].trackId',
          change: 'type',
          expected: 'number',
          received: 'string',
        },
        {
          provider: 'music:tunes',
          endpoint: 'search',
          path: 'items[].lyricsUrl',
          change: 'added',
          expected: 'absent',
          received: 'string',
        },
      ]),
    );
    // Two items drifted the same way: one report per field, not per item.
    expect(reports).toHaveLength(3);

    // The same drift on the next call is not told again.
    const second = await pdg.run('music:tunes', 'search', { q: 'daft punk' });
    expect(second).toEqual(drifted);
    expect(reports).toHaveLength(3);
  });

  it('writes one debug line per difference, naming types and never the value', async () => {
    serveDrifted();
    const { pdg, lines } = reportingClient();
    await pdg.run('music:tunes', 'search', { q: 'daft punk' });
    const driftLines = lines.filter((line) => line.startsWith('pdg drift '));
    expect(driftLines).toEqual(
      expect.arrayContaining([
        'pdg drift music:tunes/search count: field missing, expected number, received absent',
        'pdg drift music:tunes/search items[].trackId: type changed, expected number, received string',
        'pdg drift music:tunes/search items[].lyricsUrl: field not documented, expected absent, received string',
      ]),
    );
    expect(driftLines).toHaveLength(3);
    expect(lines.join('\n')).not.toContain('secret-value');
    expect(lines.join('\n')).not.toContain('lyrics.example');
  });

  it('a response that matches is returned as strict returns it, and nothing is reported', async () => {
    const content = { page: 1, count: 1, items: [{ ...track, title: null }] };
    gateway().get('/v1/music:tunes/search').query(true).reply(200, { status: 'success', message: 'ok', content });
    const { pdg, reports } = reportingClient();
    const result = await pdg.run('music:tunes', 'search', { q: 'x' });
    // The record's null read as absent, exactly as 'strict' gives it.
    expect(result.items[0]?.title).toBeUndefined();
    expect(reports).toEqual([]);
  });

  it("can be asked for by one call on a 'strict' client", async () => {
    serveDrifted();
    const reports: Drift[] = [];
    const pdg = testClient({ hooks: { onDrift: ({ drift }) => reports.push(drift) } });
    const result = await pdg.run('music:tunes', 'search', { q: 'x' }, { validate: 'report' });
    expect(result).toEqual(drifted);
    expect(reports.map((drift) => drift.path).sort()).toEqual(['count', 'items[].lyricsUrl', 'items[].trackId']);
  });

  it("'strict' still throws INVALID_RESPONSE on the same response, and says 'report' is there", async () => {
    serveDrifted();
    const reports: Drift[] = [];
    const pdg = testClient({ hooks: { onDrift: ({ drift }) => reports.push(drift) } });
    const error = await failure(pdg.run('music:tunes', 'search', { q: 'x' }));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toContain("validate: 'report'");
    expect(reports).toEqual([]);
  });

  it("an array where a record is documented: 'strict' fails at its path, 'report' returns it and tells it once", async () => {
    const body = { page: 1, count: 2, items: [track, [track]] };
    gateway()
      .get('/v1/music:tunes/search')
      .query(true)
      .times(2)
      .reply(200, { status: 'success', message: 'ok', content: body });
    const error = await failure(testClient().run('music:tunes', 'search', { q: 'x' }));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.issues).toEqual([{ path: 'items[1]', message: 'expected Object, received Array' }]);
    const { pdg, reports } = reportingClient();
    expect(await pdg.run('music:tunes', 'search', { q: 'x' })).toEqual(body);
    expect(reports.map(({ drift }) => drift)).toEqual([
      { path: 'items[]', change: 'type', expected: 'Object', received: 'array' },
    ]);
  });

  it('an unknown mode is refused, naming the three', () => {
    expect(() => testClient({ validate: 'warn' as never })).toThrow("validate must be 'strict', 'report' or 'off'");
  });
});
