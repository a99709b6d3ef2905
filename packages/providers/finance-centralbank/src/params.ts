/**
 * Params several centralbank endpoints share (document 2, section 4.1). The date params take the forms the
 * spec names for each endpoint and param (`YYYY-MM-DD`, or `YYYY-MM-DD or YYYY-MM`); other forms are
 * refused before sending, with a message that shows the accepted ones. Where the spec leaves the form open
 * (cube's `from`: "coarser periods accepted"), any text is sent.
 */
import { enumParam, integerParam, listParam, openEnumParam, optional, stringParam } from '@pdg/core/provider';

/** The cube ids the spec confirms. Other cubes exist upstream, so other ids are accepted too. */
export const confirmedCubes = ['swissoffzisa', 'zirepo', 'zimoma', 'rendoblim', 'devkum'] as const;

/** The languages names and paths come in. */
export const languages = ['en', 'de', 'fr', 'it'] as const;

/** The central banks whose policy rates are published; the spec types `bank` as a plain string. */
export const banks = ['swissbank', 'fed', 'ecb', 'boe', 'boj'] as const;

/** The bond maturities, in years, whose yields are published; the spec types `maturity` as a plain string. */
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

/** A cube id: the confirmed ones autocomplete, others are accepted. */
export const cube = () => openEnumParam(confirmedCubes);

/** The language of names and paths, `en` by default. */
export const lang = () => optional(enumParam(languages, { default: 'en' }));

/** Observations or rows, newest first: a count, so 0 or more, up to `max`. */
export const length = (max: number, defaultLength: number) =>
  optional(integerParam({ min: 0, max, default: defaultLength }));

/** A date param of the given form. */
export const date = (form: { readonly pattern: RegExp; readonly patternMessage: string }) =>
  optional(stringParam(form));

/**
 * Bond maturities: the spec gives them as years (a comma-separated list, published 1 to 10, 15, 20, 30) and
 * answers them as numbers, so the published ones autocomplete, another whole number of years is sent as
 * given, and anything else (`ten`, `5y`, `2.5`) is refused before sending.
 */
export const maturityList = () =>
  optional(
    listParam({
      values: maturities,
      open: true,
      pattern: /^[1-9]\d{0,2}$/,
      patternMessage: 'a whole number of years (1 to 999), such as 10',
    }),
  );

/** A comma-separated list whose published values autocomplete; others are sent as given. */
export const publishedList = <const T extends readonly [string, ...string[]]>(values: T) =>
  optional(listParam({ values, open: true }));
