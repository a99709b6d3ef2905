/** `GET /v1/finance:centralbank/cube` (document 2, section 4.1). */
import { fields, optional, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { cube, date, dayForm, lang, length } from './params.js';
import { cubeSeries } from './records.js';

export const description = "A data cube's series, each with its observations, newest first.";

export const params = v.strictObject({
  /** Cube id, such as `swissoffzisa`, `zirepo`, `zimoma`, `rendoblim` or `devkum`. */
  cube: cube(),
  /** Language of series names and paths: `en`, `de`, `fr` or `it`. */
  lang: lang(),
  /**
   * First date, YYYY-MM-DD; coarser periods are accepted too (such as a month `2026-03`). The spec does not
   * list the coarser forms, so any text is sent as given.
   */
  from: optional(stringParam({ hint: 'YYYY-MM-DD, or a coarser period such as YYYY-MM' })),
  /** Last date, YYYY-MM-DD. */
  to: date(dayForm),
  /** Dimension filter in the upstream syntax; shrinks the payload. */
  select: optional(stringParam()),
  /** Observations per series, newest first; at most 20000. */
  length: length(20_000, 200),
});

export const response = v.looseObject({
  /** The series. */
  items: v.array(cubeSeries),
  ...fields({
    /** The cube id (echo). */
    cube: v.string(),
    /** The language (echo). */
    lang: v.string(),
    /** First date (echo). */
    from: v.string(),
    /** Last date (echo). */
    to: v.string(),
    /** Dimension filter (echo). */
    select: v.string(),
    /** Number of series returned. */
    count: v.pipe(v.number(), v.integer()),
    /** Number of series available. */
    total: v.pipe(v.number(), v.integer()),
    /** Dataset name. */
    dataset: v.string(),
    /** Upstream provider name. */
    provider: v.string(),
  }),
});
