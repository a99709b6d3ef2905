import type { EndpointDefinition, Fixture } from '@pdg/core';

/** Params that choose where a walk is, not what is asked: they do not pick the fixture. */
const positionParams = new Set(['page', 'cursor', 'limit', 'count']);

/**
 * The fixture that best matches the request: the most equal params, fewest params the request does not
 * have; for path-param endpoints only fixtures of the same id. Undefined when none fits the id.
 */
export function bestFixture(
  fixtures: readonly Fixture[],
  endpoint: EndpointDefinition,
  params: Readonly<Record<string, unknown>>,
): Fixture | undefined {
  let best: { fixture: Fixture; score: number } | undefined;
  for (const fixture of fixtures) {
    const pathParam = endpoint.pathParam;
    if (pathParam !== undefined && String(fixture.params[pathParam]) !== String(params[pathParam])) continue;
    let score = 0;
    for (const [name, value] of Object.entries(fixture.params)) {
      if (positionParams.has(name) || name === pathParam) continue;
      score += String(params[name]) === String(value) ? 2 : -1;
    }
    for (const name of Object.keys(params)) {
      if (!positionParams.has(name) && !(name in fixture.params)) score -= 1;
    }
    if (!best || score > best.score) best = { fixture, score };
  }
  return best?.fixture;
}

/** The same fixtures' query, minus the walk position: fixtures that are pages of one listing. */
export function sameListing(a: Fixture, b: Fixture): boolean {
  const strip = (fixture: Fixture) =>
    JSON.stringify(
      Object.entries(fixture.params)
        .filter(([name]) => !positionParams.has(name))
        .sort(([x], [y]) => x.localeCompare(y)),
    );
  return a.endpoint === b.endpoint && strip(a) === strip(b);
}
