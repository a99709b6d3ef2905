/** `GET /v1/finance:coinaggregator/simple-price` (document 2, section 4.6). */
import { fields, listParam, openEnumParam, optional } from '@pdg/core/provider';
import * as v from 'valibot';
import { coinIds, precision } from './params.js';
import { simplePrice } from './records.js';

export const description = 'Prices of given coins in given vs currencies, one row per coin and currency.';

export const params = v.strictObject({
  /** Coin ids, comma-separated or an array, such as `bitcoin,ethereum`. */
  ids: coinIds(),
  /** Vs currencies, comma-separated or an array, lowercase (see `vs-currencies`). */
  vsCurrencies: optional(listParam({ hint: 'a lowercase currency code such as usd', default: 'usd' })),
  /** `true` adds each row's market cap; other values are not documented. */
  includeMarketCap: optional(openEnumParam(['true'])),
  /** `true` adds each row's 24-hour volume; other values are not documented. */
  include24hVol: optional(openEnumParam(['true'])),
  /** `true` adds each row's 24-hour change; other values are not documented. */
  include24hChange: optional(openEnumParam(['true'])),
  /** Decimal places of prices, as the upstream takes them. */
  precision: precision(),
});

export const response = v.looseObject({
  /** One row per coin and vs currency. */
  items: v.array(simplePrice),
  ...fields({
    /** The coin ids (echo). */
    ids: v.array(v.string()),
    /** Number of rows returned. */
    count: v.pipe(v.number(), v.integer()),
    /** Number of rows available. */
    total: v.pipe(v.number(), v.integer()),
    /** The vs currencies (echo). */
    vsCurrencies: v.array(v.string()),
    /** How prices are formed: `cross-venue-aggregate`. */
    priceBasis: v.string(),
  }),
});
