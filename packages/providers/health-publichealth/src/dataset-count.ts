/** `GET /v1/health:publichealth/dataset-count/{datasetId}` (document 3, section 4.1). */
import { fields, optional, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { datasetIdParam } from './params.js';

export const description = 'The number of rows of a dataset, optionally of those matching a filter.';

export const pathParam = 'datasetId';

export const params = v.strictObject({
  /** Dataset id, as `datasets` gives it, usually a short id such as `abcd-1234` (sent as the path segment). */
  datasetId: datasetIdParam(),
  /** Query filter; omit it to count every row. */
  where: optional(stringParam()),
});

export const response = v.looseObject({
  /** Number of rows counted. */
  total: v.pipe(v.number(), v.integer()),
  ...fields({
    /** The `where` filter sent (echo). */
    where: v.string(),
    /** The provider's short name. */
    provider: v.string(),
    /** The dataset id (echo). */
    datasetId: v.string(),
  }),
});
