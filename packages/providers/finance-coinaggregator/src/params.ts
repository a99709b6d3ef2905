/** Params several coinaggregator endpoints share (document 2, section 4.6). */
import { listParam, optional, stringParam } from '@pdg/core';

/** Comma-separated coin ids (lowercase slugs such as `bitcoin`), or an array of them. */
export const coinIds = () =>
  listParam({ pattern: /^[a-z0-9][a-z0-9-]*$/, patternMessage: 'a lowercase coin id such as bitcoin' });

/** A vs currency code, lowercase, such as `usd`. */
export const vsCurrency = () =>
  optional(
    stringParam({
      pattern: /^[a-z0-9]+$/,
      patternMessage: 'must be a lowercase currency code such as usd (see vs-currencies)',
      default: 'usd',
    }),
  );

/** Decimal places of prices, as the upstream takes them (such as `2` or `full`). */
export const precision = () => optional(stringParam());
