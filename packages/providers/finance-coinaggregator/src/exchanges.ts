/** `GET /v1/finance:coinaggregator/exchanges` (document 2, section 4.6). */
import { fields, pageOf, pageParams } from '@pdg/core';
import * as v from 'valibot';
import { exchange } from './records.js';

export const description = 'Exchanges ranked by trust score, page by page.';

export const params = v.strictObject({
  ...pageParams(),
});

export const { paging, response } = pageOf('items', exchange, {
  ...fields({
    /** Number of exchanges on this page. */
    count: v.number(),
    /** Page size used. */
    limit: v.number(),
    /** Number of exchanges available. */
    total: v.number(),
    /** Upstream provider name. */
    provider: v.string(),
  }),
});
