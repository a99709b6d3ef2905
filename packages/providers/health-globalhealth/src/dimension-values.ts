/** `GET /v1/health:globalhealth/dimension-values/{dimension}` (document 3, section 4.2). */
import { fields, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { dimensionValue } from './records.js';

export const description = 'The values of one dimension. An unknown dimension answers with an empty list, not 404.';

export const pathParam = 'dimension';

export const params = v.strictObject({
  /** Dimension code (from `dimensions`); sent as the path segment. */
  dimension: stringParam(),
});

export const response = v.looseObject({
  /** The values; empty when the dimension is unknown. */
  items: v.array(dimensionValue),
  ...fields({
    /** Number of values. */
    count: v.pipe(v.number(), v.integer()),
    /** Upstream provider name. */
    provider: v.string(),
    /** The dimension (echo). */
    dimension: v.string(),
  }),
});
