/** `GET /v1/health:publichealth/dataset-rows/{datasetId}` (document 3, section 4.1). */
import { booleanParam, fields, optional, pageOf, pageParams, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { pageObjectFields } from './page-fields.js';
import { datasetIdParam, textList } from './params.js';
import { datasetRow } from './records.js';

export const description =
  'Rows of a dataset, page by page, with optional select, filter, grouping, ordering and full-text search.';

/** The spec shows no id for these rows: each is keyed by a hash of its content (see the README). */
export const itemKey = 'content' as const;

export const pathParam = 'datasetId';

export const params = v.strictObject({
  /** Dataset id, as `datasets` gives it, usually a short id such as `abcd-1234` (sent as the path segment). */
  datasetId: datasetIdParam(),
  /** Columns to return; supports count(), sum(), avg(), min(), max(), date_trunc_y, date_trunc_ym, date_trunc_ymd. */
  select: optional(stringParam()),
  /** Row filter; also supports within_circle(). */
  where: optional(stringParam()),
  /** Columns to aggregate by. */
  group: optional(textList()),
  /** Filter on aggregated rows. */
  having: optional(stringParam()),
  /** Sort order; use it whenever paging deeply. */
  order: optional(stringParam()),
  /** Full-text search across the whole row. */
  query: optional(stringParam()),
  /** Drop the computed-region and id columns (sent as `true`/`false`). */
  excludeSystemFields: optional(booleanParam({ default: false })),
  ...pageParams({ maxLimit: 1000, defaultLimit: 100, defaultPage: 1 }),
});

export const { paging, response } = pageOf('items', datasetRow, {
  ...pageObjectFields,
  ...fields({
    /** Column names of the rows (camelCased, as the row keys). */
    fields: v.array(v.string()),
    /** The dataset id (echo). */
    datasetId: v.string(),
  }),
});
