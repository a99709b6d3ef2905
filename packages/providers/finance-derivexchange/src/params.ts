/**
 * Params the derivexchange endpoints share (document 2, section 4.4): `symbol`, `category`, `start`,
 * `end`, `count` and `page`. `count` is the number of rows asked for; the spec gives the value each kind
 * of endpoint uses (200 for series, 500 for instruments, 50 for the order book, 100 for trades).
 */
import { integerParam, openEnumParam, optional, stringParam } from '@pdg/core/provider';

/** A contract code, such as `BTCUSDT`: the spec gives it no form, so any text is sent. */
export const symbol = () => stringParam({ hint: 'a contract code such as BTCUSDT' });

/** The product line; `linear` is accepted, other values are not documented. */
export const category = () => optional(openEnumParam(['linear']));

const date = '\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])';
const basicDate = '\\d{4}(0[1-9]|1[0-2])(0[1-9]|[12]\\d|3[01])';
const time = '([01]\\d|2[0-3])(:?[0-5]\\d(:?[0-5]\\d([.,]\\d+)?)?)?';
const zone = '(Z|[+-]([01]\\d|2[0-3])(:?[0-5]\\d)?)?';

/**
 * An ISO 8601 timestamp, the form the spec names: a calendar date, extended (`2026-03-01`) or basic
 * (`20260301`), with an optional time and zone (`2026-03-01T00:00:00Z`, `20260301T000000+0100`).
 */
export const timestamp = () =>
  optional(
    stringParam({
      pattern: new RegExp(`^(${date}|${basicDate})(T${time}${zone})?$`),
      patternMessage: 'must be an ISO 8601 timestamp, such as 2026-03-01T00:00:00Z or 2026-03-01',
      examples: ['2026-11-22T11:45:00Z', '2026-11-22'],
    }),
  );

/** Rows asked for: a count, so 0 or more; `typical` is the value the spec gives for this kind of endpoint. */
export const count = (typical: number) => optional(integerParam({ min: 0, default: typical }));

/** Page number, 1-based. */
export const page = () => optional(integerParam({ min: 1 }));

/** A symbol's base coin, such as `BTC`. */
export const baseCoin = () => optional(stringParam());
