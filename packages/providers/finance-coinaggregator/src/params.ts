/**
 * Params several coinaggregator endpoints share (document 2, section 4.6). The spec types them as strings
 * without a form ("comma-separated coin ids", "string, default usd"), so their usual forms are hints: shown
 * in the docs, never checked, and other values are sent as given.
 */
import { listParam, optional, stringParam } from '@pdg/core/provider';

/** Comma-separated coin ids (lowercase slugs such as `bitcoin`), or an array of them. */
export const coinIds = () => listParam({ hint: 'a lowercase coin id such as bitcoin' });

/** A vs currency code, lowercase, such as `usd`. */
export const vsCurrency = () =>
  optional(stringParam({ hint: 'a lowercase currency code such as usd (see vs-currencies)', default: 'usd' }));

/** Decimal places of prices, as the upstream takes them (such as `2` or `full`). */
export const precision = () => optional(stringParam());
