/** `GET /v1/finance:coinaggregator/exchanges` (document 2, section 4.6). */
import { fields, pageOf, pageParams } from '@pdg/core/provider';
import * as v from 'valibot';
import { exchange } from './records.js';

export const description = 'Exchanges ranked by trust score, page by page.';

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = ['id'] as const;

export const params = v.strictObject({
  ...pageParams(),
});

export const { paging, response } = pageOf('items', exchange, {
  ...fields({
    /** Number of exchanges on this page. */
    count: v.pipe(v.number(), v.integer()),
    /** Page size used. */
    limit: v.pipe(v.number(), v.integer()),
    /** Number of exchanges available. */
    total: v.pipe(v.number(), v.integer()),
    /** Upstream provider name. */
    provider: v.string(),
    /** Dataset name; sent by the gateway, as on the other coinaggregator answers. */
    dataset: v.string(),
  }),
});
