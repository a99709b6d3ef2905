/**
 * How marketdata's instrument endpoints name their instrument (document 2, section 4.3): by `query`, a
 * name or symbol the gateway resolves, and an optional `pairId`, which when given is used instead of
 * `query`. quote, technical, historical and analysis mark `query` "required", so it is required there even
 * with a `pairId`; financials does not, so there both are optional.
 */
import { integerParam, optional, stringParam } from '@pdg/core/provider';

/** `query` (required) and `pairId`, for spreading into an instrument endpoint's params. */
export const instrument = {
  /**
   * Instrument name or symbol to resolve, such as `AAPL` or `EUR/USD`. Required (the spec marks it so),
   * even with `pairId`, which then wins.
   */
  query: stringParam(),
  /** Instrument pair id (from `search` quotes); when given, `query` is not used to resolve the instrument. */
  pairId: optional(integerParam()),
};
