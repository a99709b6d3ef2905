/** `GET /v1/finance:derivexchange/recent-trade` (document 2, section 4.4). */
import { fields } from '@pdg/core/provider';
import * as v from 'valibot';
import { baseCoin, category, count, symbol } from './params.js';
import { echoes, trade } from './records.js';

export const description = "A contract's most recent public trades, newest first.";

export const params = v.strictObject({
  /** Contract code, such as `BTCUSDT`. */
  symbol: symbol(),
  /** Product line; `linear` is accepted, other values are not documented. */
  category: category(),
  /** Base coin, such as `BTC`. */
  baseCoin: baseCoin(),
  /** Trades to return (100 is the value the spec uses for trades). */
  count: count(100),
});

export const response = v.looseObject({
  /** The trades, newest first. */
  items: v.array(trade),
  ...echoes(),
  ...fields({
    /** Number of trades. */
    count: v.pipe(v.number(), v.integer()),
  }),
});
