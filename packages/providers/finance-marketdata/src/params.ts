/**
 * How marketdata's instrument endpoints name their instrument (document 2, section 4.3): by `query`, a
 * name or symbol the gateway resolves, or by `pairId`, which when given is used instead of `query`.
 */
import { integerParam, optional, stringParam } from '@pdg/core';
import * as v from 'valibot';

const instrumentEntries = {
  /** Instrument name or symbol to resolve, such as `AAPL` or `EUR/USD`. Required unless `pairId` is given. */
  query: optional(stringParam()),
  /** Instrument pair id (from `search` quotes); when given, `query` is not used to resolve the instrument. */
  pairId: optional(integerParam({ min: 1 })),
};

/** Either `query` or `pairId` names the instrument; both may be given, and `pairId` then wins. */
export type Instrument =
  | { readonly query: string; readonly pairId?: number }
  | { readonly query?: string; readonly pairId: number };

/**
 * The params of an instrument endpoint: `query` and `pairId` plus the endpoint's own. At least one of
 * `query` and `pairId` is required, in the types and before sending.
 */
export function instrumentParams<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  const schema = v.pipe(
    v.strictObject({ ...instrumentEntries, ...entries }),
    v.forward(
      v.check(
        (params) => params.query !== undefined || params.pairId !== undefined,
        'is required unless pairId is given: name the instrument by query (a name or symbol) or by pairId',
      ),
      ['query' as never],
    ),
  );
  type Own = v.InferInput<v.StrictObjectSchema<TEntries, undefined>>;
  type Output = v.InferOutput<typeof schema>;
  // The runtime schema is the object above; the types say that one of the two names is required.
  return schema as unknown as v.GenericSchema<Instrument & Own, Output>;
}
