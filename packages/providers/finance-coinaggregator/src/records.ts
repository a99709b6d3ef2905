/**
 * The coin aggregator's records (document 2, section 2.6). Market figures are numbers; `updatedAt` of
 * global and `lastUpdatedAt`, `lastTradedAt` are epoch seconds, as the spec says; every other time
 * (`athDate`, `atlDate`, `lastUpdated`, `expiredAt`, a category's `updatedAt`) is ISO 8601 text, the
 * document's rule for timestamps not described as epoch.
 */
import { record } from '@pdg/core/provider';
import * as v from 'valibot';

/** The price-change windows the spec names as examples; others are accepted and keyed the same way. */
export const changeWindows = ['1h', '24h', '7d', '14d', '30d', '200d', '1y'] as const;

/** A window such as `24h`: the named ones autocomplete. */
export type ChangeWindow = (typeof changeWindows)[number] | (string & {});

/** Price change in percent, keyed by each window that was asked for (`priceChangePercentage` param). */
export const priceChangePercentage = v.record(v.string(), v.nullish(v.number())) as unknown as v.GenericSchema<
  Partial<Record<ChangeWindow, number | null>>
>;

/** A coin category. */
export const category = record({
  /** Category id: the `category` param of `coins-markets`. */
  id: v.string(),
  /** Category name. */
  name: v.string(),
  /** Ids of the category's top coins. */
  topCoins: v.array(v.string()),
  /** Market capitalisation of the category. */
  marketCap: v.number(),
  /** Market-cap change over 24 hours, in percent. */
  marketCapChange24h: v.number(),
  /** Volume traded over 24 hours. */
  volume24h: v.number(),
  /** When the figures were updated, ISO 8601. */
  updatedAt: v.string(),
  /** Description of the category. */
  description: v.string(),
});

/** An exchange. */
export const exchange = record({
  /** Exchange id. */
  id: v.string(),
  /** Exchange website URL. */
  url: v.string(),
  /** Exchange name. */
  name: v.string(),
  /** Logo URL. */
  image: v.string(),
  /** Country of incorporation. */
  country: v.string(),
  /** Trust score, 1 to 10. */
  trustScore: v.number(),
  /** Rank by trust score. */
  trustScoreRank: v.number(),
  /** Year established. */
  yearEstablished: v.number(),
  /** Trade volume over 24 hours, in BTC. */
  tradeVolume24hBtc: v.number(),
  /** Whether the exchange offers trading incentives. */
  hasTradingIncentive: v.boolean(),
  /** Description of the exchange. */
  description: v.string(),
});

/** One coin's share of the total market capitalisation. */
export const dominance = record({
  /** Coin symbol, lowercase. */
  symbol: v.string(),
  /** Share of the total market cap, in percent. */
  percentage: v.number(),
});

/** A coin with its market figures (`coins-markets`). */
export const marketCoin = record({
  /** Coin id, such as `bitcoin`. */
  id: v.string(),
  /** Coin name. */
  name: v.string(),
  /** Coin symbol, lowercase. */
  symbol: v.string(),
  /** Logo URL. */
  image: v.string(),
  /** Current price, in the vs currency. */
  currentPrice: v.number(),
  /** Market capitalisation. */
  marketCap: v.number(),
  /** Rank by market cap. */
  marketCapRank: v.number(),
  /** Fully diluted valuation. */
  fullyDilutedValuation: v.number(),
  /** Volume traded over 24 hours. */
  totalVolume: v.number(),
  /** Highest price over 24 hours. */
  high24h: v.number(),
  /** Lowest price over 24 hours. */
  low24h: v.number(),
  /** Price change over 24 hours. */
  priceChange24h: v.number(),
  /** Price change over 24 hours, in percent. */
  priceChangePercentage24h: v.number(),
  /** Market-cap change over 24 hours. */
  marketCapChange24h: v.number(),
  /** Market-cap change over 24 hours, in percent. */
  marketCapChangePercentage24h: v.number(),
  /** Coins in circulation. */
  circulatingSupply: v.number(),
  /** Coins in existence. */
  totalSupply: v.number(),
  /** Most coins there will ever be; `undefined` when there is no cap (the gateway sends null). */
  maxSupply: v.number(),
  /** All-time high price. */
  ath: v.number(),
  /** Change from the all-time high, in percent. */
  athChangePercentage: v.number(),
  /** When the all-time high was, ISO 8601. */
  athDate: v.string(),
  /** All-time low price. */
  atl: v.number(),
  /** Change from the all-time low, in percent. */
  atlChangePercentage: v.number(),
  /** When the all-time low was, ISO 8601. */
  atlDate: v.string(),
  /** When the figures were updated, ISO 8601. */
  lastUpdated: v.string(),
  /** Price change in percent, keyed by each window asked for in `priceChangePercentage` (such as `24h`). */
  priceChangePercentage,
});

/** A coin's price in one vs currency (`simple-price`). */
export const simplePrice = record({
  /** Coin id. */
  id: v.string(),
  /** Price, in `currency`. */
  price: v.number(),
  /** The vs currency, lowercase. */
  currency: v.string(),
  /** Price change over 24 hours, in percent (with `include24hChange`). */
  change24h: v.number(),
  /** Market capitalisation (with `includeMarketCap`). */
  marketCap: v.number(),
  /** Volume over 24 hours (with `include24hVol`). */
  volume24h: v.number(),
  /** When the price was updated, epoch seconds. */
  lastUpdatedAt: v.number(),
});

/** A derivatives ticker. */
export const derivativeTicker = record({
  /** Market (exchange) name. */
  market: v.string(),
  /** Contract symbol. */
  symbol: v.string(),
  /** Id of the underlying index. */
  indexId: v.string(),
  /** Contract price. */
  price: v.number(),
  /** Index price. */
  index: v.number(),
  /** Basis: contract price against index, in percent. */
  basis: v.number(),
  /** Bid-ask spread, in percent. */
  spread: v.number(),
  /** Funding rate. */
  fundingRate: v.number(),
  /** Open interest, in USD. */
  openInterest: v.number(),
  /** Volume over 24 hours, in USD. */
  volume24h: v.number(),
  /** Price change over 24 hours, in percent. */
  priceChangePercentage24h: v.number(),
  /** Contract type, such as `perpetual` or `futures`. */
  contractType: v.string(),
  /** When the contract expires, ISO 8601; `undefined` for perpetuals (the gateway sends null). */
  expiredAt: v.string(),
  /** When it last traded, epoch seconds. */
  lastTradedAt: v.number(),
});
