/** `GET /v1/health:globalhealth/indicators` (document 3, section 4.2). */
import { fields, optional, pageOf, pageParams, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { indicator } from './records.js';

export const description = 'The indicator catalogue (about 3,095 indicators), searchable, page by page.';

/** The spec shows no id for these rows: each is keyed by a hash of its content (see the README). */
export const itemKey = 'content' as const;

export const params = v.strictObject({
  /** Words to find in indicator names. */
  search: optional(stringParam()),
  /** Keep one indicator code. */
  code: optional(stringParam()),
  ...pageParams(),
});

export const { paging, response } = pageOf('items', indicator, {
  ...fields({
    /** Number of indicators on this page. */
    count: v.pipe(v.number(), v.integer()),
    /** Page size used. */
    limit: v.pipe(v.number(), v.integer()),
    /** Number of indicators available. */
    total: v.pipe(v.number(), v.integer()),
    /** Upstream provider name. */
    provider: v.string(),
    /** The code filter (echo). */
    code: v.string(),
    /** The search words (echo). */
    search: v.string(),
  }),
});
