/** `GET /v1/health:globalhealth/indicator-data/{indicator}` (document 3, section 4.2). */
import { fields, integerParam, openEnumParam, optional, pageOf, pageParams, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { observation } from './records.js';

export const description =
  "An indicator's observations, filtered by country, region, year and dimension values, page by page.";

/** The spec shows no id for these rows: each is keyed by a hash of its content (see the README). */
export const itemKey = 'content' as const;

export const pathParam = 'indicator';

/** A year: a whole number; the spec gives no bounds, and no order between `yearFrom` and `yearTo`. */
const year = () => optional(integerParam());

export const params = v.strictObject({
  /** Indicator code (from `indicators`); sent as the path segment. */
  indicator: stringParam(),
  /** Country, an ISO 3166 alpha-3 code in capitals such as `KEN` (see `countries`). */
  country: optional(
    stringParam({
      pattern: /^[A-Z]{3}$/,
      patternMessage: 'must be an ISO 3166 alpha-3 country code in capitals, such as KEN (see countries)',
    }),
  ),
  /** Region code (see `regions`). */
  region: optional(stringParam()),
  /** Spatial dimension type; `COUNTRY` is accepted, other values are not documented. */
  spatialDimType: optional(openEnumParam(['COUNTRY'])),
  /** One year. */
  year: year(),
  /** First year. */
  yearFrom: year(),
  /** Last year. */
  yearTo: year(),
  /** A dimension-value code (see `dimension-values`). */
  dim1: optional(stringParam()),
  /** A second dimension-value code. */
  dim2: optional(stringParam()),
  /** A third dimension-value code. */
  dim3: optional(stringParam()),
  /** Field to sort by; `year` is accepted, other values are not documented. */
  orderBy: optional(openEnumParam(['year'])),
  /** Sort direction; `desc` is accepted, other values are not documented. */
  order: optional(openEnumParam(['desc'])),
  ...pageParams(),
});

export const { paging, response } = pageOf('items', observation, {
  ...fields({
    /** Number of rows on this page. */
    count: v.pipe(v.number(), v.integer()),
    /** Page size used. */
    limit: v.pipe(v.number(), v.integer()),
    /** Number of rows available. */
    total: v.pipe(v.number(), v.integer()),
    /** Upstream provider name. */
    provider: v.string(),
    /** The indicator code (echo). */
    indicator: v.string(),
  }),
});
