import type { AnyProvider } from './contract.js';
import type { ParamsOf } from './types.js';

/**
 * One recorded or hand-authored exchange with the gateway. The same fixtures drive a provider's own
 * tests, the mock gateway, and users' tests through @pdg/testkit.
 */
export interface Fixture {
  /** Provider id (`music:catalogstore`). */
  readonly provider: string;
  /** Endpoint name, as `run()` takes it. */
  readonly endpoint: string;
  /** A short name, unique per endpoint (`daft-punk`, `page-2`). */
  readonly name: string;
  /** The params a caller passes to `run()`. */
  readonly params: Readonly<Record<string, unknown>>;
  /** The request those params make: path from `/v1/` on, and the query as the gateway receives it. */
  readonly request: {
    readonly path: string;
    readonly query: Readonly<Record<string, string>>;
  };
  /** The HTTP status; 200 when absent. */
  readonly status?: number;
  /** The body exactly as the gateway sends it (with the envelope, where there is one). */
  readonly response: unknown;
}

/** A fixture as a provider package writes it: the provider id is filled in, params are typed. */
export type FixtureOf<TProvider extends AnyProvider> = {
  [K in keyof TProvider['endpoints'] & string]: Omit<Fixture, 'provider' | 'endpoint' | 'params'> & {
    readonly endpoint: K;
    readonly params: ParamsOf<TProvider['endpoints'][K]>;
  };
}[keyof TProvider['endpoints'] & string];

/** Declares a provider's fixtures, type-checking each one's params against its endpoint. */
export function defineFixtures<const TProvider extends AnyProvider>(
  provider: TProvider,
  fixtures: readonly FixtureOf<TProvider>[],
): Fixture[] {
  return fixtures.map((fixture) => ({ ...fixture, provider: provider.id }));
}
