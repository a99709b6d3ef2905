/**
 * `GET /v1/finance:crypto-price/price` (document 2, sections 2.2 and 4.2; cache 5m, document 1 section 8).
 *
 * The price object's keys depend on the `vs` sent, so the result types them as `CoinPrices<string>`;
 * `quotes(result, vs)` regroups them per currency, typed by the `vs` you pass.
 */
import { listParam, optional } from '@pdg/core/provider';
import * as v from 'valibot';
import { coinIdPattern, priceMap } from './records.js';

export const description = 'Current prices of coins in one or more vs currencies, with 24-hour change and market cap.';

export const cacheSeconds = 300;

export const params = v.strictObject({
  /** Comma-separated coin ids (lowercase slugs), such as `bitcoin,ethereum`. */
  coins: listParam({ pattern: coinIdPattern, patternMessage: 'a lowercase coin id such as bitcoin' }),
  /** Comma-separated vs currencies, such as `usd,eur`. Server default `usd`. */
  vs: optional(listParam({ hint: 'a lowercase currency code such as usd', default: 'usd' })),
});

export const response = v.looseObject({
  /** Whether the request succeeded. */
  ok: v.boolean(),
  /**
   * An object keyed by coin id; each value is an object with the number fields `<vs>` (price in that
   * currency), `<vs>_24h_change` and `<vs>_market_cap` for each requested vs currency.
   */
  prices: priceMap,
});
