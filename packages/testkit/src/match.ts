import type { Fixture } from '@pdg/core';

/** A request as fixtures record it: the path from `/v1/` on and the query as a flat record. */
export interface RecordedRequest {
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
}

export function recordedRequest(url: URL): RecordedRequest {
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
}

/** `GET /v1/music:catalogstore/search?q=daft+punk` */
export function formatRequest(request: RecordedRequest): string {
  const query = new URLSearchParams(request.query).toString();
  return `GET ${request.path}${query ? `?${query}` : ''}`;
}

/** The query keys on which two requests differ. */
export function queryDifferences(a: RecordedRequest['query'], b: RecordedRequest['query']): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((key) => a[key] !== b[key]).sort();
}

/** The fixture recorded for exactly this request: same path, same query. */
export function findFixture(fixtures: readonly Fixture[], request: RecordedRequest): Fixture | undefined {
  return fixtures.find(
    (fixture) =>
      fixture.request.path === request.path && queryDifferences(fixture.request.query, request.query).length === 0,
  );
}

/** Fixtures of the same path, fewest differing query keys first; then fixtures of the same provider. */
export function closestFixtures(
  fixtures: readonly Fixture[],
  request: RecordedRequest,
  count = 3,
): { fixture: Fixture; differences: string[] }[] {
  const providerPrefix = request.path.split('/').slice(0, 3).join('/');
  return fixtures
    .filter((fixture) => fixture.request.path.startsWith(providerPrefix))
    .map((fixture) => {
      const samePath = fixture.request.path === request.path;
      const differences = samePath ? queryDifferences(fixture.request.query, request.query) : ['path'];
      return { fixture, differences, score: (samePath ? 0 : 1000) + differences.length };
    })
    .sort((a, b) => a.score - b.score)
    .slice(0, count)
    .map(({ fixture, differences }) => ({ fixture, differences }));
}

/** Says what was asked and which fixtures came closest, and how they differ. */
export function describeNoMatch(fixtures: readonly Fixture[], request: RecordedRequest): string {
  const closest = closestFixtures(fixtures, request);
  const lines = [`@pdg/testkit: no fixture matches ${formatRequest(request)}.`];
  if (closest.length === 0) {
    lines.push(
      'No fixture of this provider is loaded: pass its fixtures (e.g. `import { fixtures } from "@pdg/<package>/fixtures"`).',
    );
  } else {
    lines.push('Closest fixtures:');
    for (const { fixture, differences } of closest) {
      lines.push(
        `  ${fixture.endpoint}/${fixture.name}: ${formatRequest(fixture.request)} (differs in ${differences.join(', ')})`,
      );
    }
    lines.push('Call it with one of these params, or answer it yourself with gateway.reply() or gateway.fail().');
  }
  return lines.join('\n');
}
