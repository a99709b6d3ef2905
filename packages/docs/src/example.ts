/** The fixture an operation's page shows as its example: a 200 that starts a walk where there is one. */
import type { Fixture } from '@pdg/core';

/**
 * The fixture an operation's page shows: its params are the code samples' and the "try it" defaults, its
 * body the example response. One the gateway answers with a 200, and the first that starts a walk (no
 * `page` or `cursor`) where there is one, so the samples read as a first call.
 */
export function exampleFixture(
  fixtures: readonly Fixture[],
  providerId: string,
  endpointName: string,
): Fixture | undefined {
  const answered = fixtures.filter(
    (fixture) =>
      fixture.provider === providerId && fixture.endpoint === endpointName && (fixture.status ?? 200) === 200,
  );
  return answered.find((fixture) => !('page' in fixture.params) && !('cursor' in fixture.params)) ?? answered[0];
}
