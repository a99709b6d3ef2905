/** `GET /v1/finance:coinaggregator/global` (document 2, section 4.6). */
import { fields, integerParam, optional } from '@pdg/core/provider';
import * as v from 'valibot';
import { vsCurrency } from './params.js';
import { dominance } from './records.js';

export const description = 'The whole crypto market: total market cap and volume, coin counts and dominance.';

export const params = v.strictObject({
  /** Currency of the totals, lowercase (see `vs-currencies`). */
  vsCurrency: vsCurrency(),
  /** Number of dominance rows to return. */
  limit: optional(integerParam({ min: 0 })),
});

export const response = v.looseObject({
  /** Market-cap dominance: each top coin's share of the total. */
  items: v.array(dominance),
  ...fields({
    /** Number of markets. */
    markets: v.number(),
    /** Number of ended ICOs. */
    endedIcos: v.number(),
    /** Number of ongoing ICOs. */
    ongoingIcos: v.number(),
    /** Number of upcoming ICOs. */
    upcomingIcos: v.number(),
    /** Number of active cryptocurrencies. */
    activeCryptocurrencies: v.number(),
    /** Total volume over 24 hours, in the vs currency. */
    totalVolume: v.number(),
    /** Total market capitalisation, in the vs currency. */
    totalMarketCap: v.number(),
    /** Total market-cap change over 24 hours, in percent (USD based). */
    marketCapChangePercentage24hUsd: v.number(),
    /** When the figures were updated, epoch seconds. */
    updatedAt: v.number(),
    /** The vs currency (echo). */
    vsCurrency: v.string(),
    /** Number of dominance rows returned. */
    count: v.pipe(v.number(), v.integer()),
    /** Number of dominance rows available. */
    total: v.pipe(v.number(), v.integer()),
  }),
});
