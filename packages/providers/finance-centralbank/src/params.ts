/**
 * Params several centralbank endpoints share (document 2, section 4.1). The date params differ per
 * endpoint and per param in the forms they accept; each builder below refuses other forms before
 * sending, with a message that shows the accepted ones.
 */
import { enumParam, integerParam, openEnumParam, optional, orderedParams, stringParam } from '@pdg/core';
import type * as v from 'valibot';

/** The cube ids the spec confirms. Other cubes exist upstream, so other ids are accepted too. */
export const confirmedCubes = ['swissoffzisa', 'zirepo', 'zimoma', 'rendoblim', 'devkum'] as const;

/** The languages names and paths come in. */
export const languages = ['en', 'de', 'fr', 'it'] as const;

/** The central banks whose policy rates are published. */
export const banks = ['swissbank', 'fed', 'ecb', 'boe', 'boj'] as const;

/** The bond maturities, in years, whose yields are published. */
export const maturities = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '15', '20', '30'] as const;

const month = '(0[1-9]|1[0-2])';
const day = '(0[1-9]|[12]\\d|3[01])';

/** `YYYY-MM-DD` only. */
export const dayForm = {
  pattern: new RegExp(`^\\d{4}-${month}-${day}$`),
  patternMessage: 'must be a date in the form YYYY-MM-DD, such as 2026-03-31',
};

/** `YYYY-MM-DD` or `YYYY-MM`. */
export const dayOrMonthForm = {
  pattern: new RegExp(`^\\d{4}-${month}(-${day})?$`),
  patternMessage: 'must be a date in the form YYYY-MM-DD or a month YYYY-MM, such as 2026-03-31 or 2026-03',
};

/** `YYYY-MM-DD`, or a coarser period: `YYYY-MM`, a quarter `YYYY-Qn`, or a year `YYYY`. */
export const dayOrCoarserForm = {
  pattern: new RegExp(`^\\d{4}(-${month}(-${day})?|-Q[1-4])?$`),
  patternMessage:
    'must be a date YYYY-MM-DD or a coarser period: a month YYYY-MM, a quarter YYYY-Qn or a year YYYY, such as 2026-03-31, 2026-03, 2026-Q1 or 2026',
};

/** A cube id: the confirmed ones autocomplete, others are accepted. */
export const cube = () => openEnumParam(confirmedCubes);

/** The language of names and paths, `en` by default. */
export const lang = () => optional(enumParam(languages, { default: 'en' }));

/** Observations per series, newest first, from 1 to `max`. */
export const length = (max: number, defaultLength: number) =>
  optional(integerParam({ min: 1, max, default: defaultLength }));

/** A date param of the given form. */
export const date = (form: { readonly pattern: RegExp; readonly patternMessage: string }) =>
  optional(stringParam(form));

/**
 * A strict params object refusing `to` before `from`, compared as far as both go (`2026-03` and
 * `2026-03-15` are the same month; a quarter reads as its first month): such a range can only answer
 * nothing, which would look like missing data.
 */
export const fromNotAfterTo = <const TEntries extends v.ObjectEntries & { from: unknown; to: unknown }>(
  entries: TEntries,
) => orderedParams(entries, 'from', 'to', comparePeriods);

/** A quarter `2026-Q2` reads as its first month, `2026-04`, so every form compares as text. */
function comparable(period: string): string {
  return period.replace(/-Q([1-4])$/, (_, quarter: string) => `-${String(Number(quarter) * 3 - 2).padStart(2, '0')}`);
}

function comparePeriods(from: string, to: string): number {
  const [start, end] = [comparable(from), comparable(to)];
  const common = Math.min(start.length, end.length);
  const [a, b] = [start.slice(0, common), end.slice(0, common)];
  return a < b ? -1 : a > b ? 1 : 0;
}
