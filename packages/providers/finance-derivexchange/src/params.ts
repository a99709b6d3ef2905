/**
 * Params the derivexchange endpoints share (document 2, section 4.4): `symbol`, `category`, `start`,
 * `end`, `count` and `page`. `count` is the number of rows asked for; the spec gives the value each kind
 * of endpoint uses (200 for series, 500 for instruments, 50 for the order book, 100 for trades).
 */
import { integerParam, openEnumParam, optional, orderedParams, stringParam } from '@pdg/core';
import type * as v from 'valibot';

/** A contract code, such as `BTCUSDT`. */
export const symbol = () =>
  stringParam({ pattern: /^\S+$/, patternMessage: 'must be a contract code without spaces, such as BTCUSDT' });

/** The product line; `linear` is accepted, other values are not documented. */
export const category = () => optional(openEnumParam(['linear']));

/** An ISO 8601 timestamp, such as `2026-03-01T00:00:00Z` (a date alone, `2026-03-01`, is accepted too). */
export const timestamp = () =>
  optional(
    stringParam({
      pattern:
        /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?)?$/,
      patternMessage: 'must be an ISO 8601 timestamp, such as 2026-03-01T00:00:00Z or 2026-03-01',
    }),
  );

/** Rows asked for, from 1; `typical` is the value the spec gives for this kind of endpoint. */
export const count = (typical: number) => optional(integerParam({ min: 1, default: typical }));

/** Page number, 1-based. */
export const page = () => optional(integerParam({ min: 1 }));

/** A symbol's base coin, such as `BTC`. */
export const baseCoin = () => optional(stringParam());

/**
 * The params object of a series endpoint, refusing an `end` before `start`: such a window can only
 * answer nothing, which would look like missing data.
 */
export const seriesParams = <const TEntries extends v.ObjectEntries & { start: unknown; end: unknown }>(
  entries: TEntries,
) => orderedParams(entries, 'start', 'end', (start: string, end: string) => Date.parse(start) - Date.parse(end));
