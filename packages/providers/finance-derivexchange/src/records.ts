/**
 * The derivatives exchange's records (document 2, section 2.4). The spec types only times (`openTime`,
 * `closeTime`, `time`, `launchTime` are epoch milliseconds) and `unifiedMarginTrade` (boolean). Prices,
 * sizes and rates are read as numbers: a number is kept, and a decimal sent as text (`"64250.5"`, as
 * exchanges often do) is converted, so every such field is a `number` to the caller.
 */
import { fields, record } from '@pdg/core/provider';
import * as v from 'valibot';

/** A decimal quantity: a number, or a decimal string converted to a number. */
export const decimal = v.union([
  v.number(),
  v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/), v.transform(Number)),
]);

/**
 * A time the spec does not describe as epoch (`time` of funding, open-interest and trade rows, the order
 * book's times, `nextFundingTime`). Document 2's rule makes such a timestamp ISO 8601 text, while its
 * neighbours (`openTime`, the account ratio's `time`) are epoch milliseconds: both forms are accepted,
 * and the field reads as epoch milliseconds either way.
 */
export const instant = v.union([
  v.number(),
  v.pipe(
    v.string(),
    v.isoTimestamp(),
    v.transform((text) => Date.parse(text)),
  ),
]);

const priceKlineFields = {
  /** Candle start, as a date-time text. */
  date: v.string(),
  /** Candle start, epoch milliseconds. */
  openTime: v.number(),
  /** Candle end, epoch milliseconds. */
  closeTime: v.number(),
  /** Open price. */
  open: decimal,
  /** High price. */
  high: decimal,
  /** Low price. */
  low: decimal,
  /** Close price. */
  close: decimal,
};

/** An index-price or mark-price candle: prices only, no volume. */
export const priceKline = record(priceKlineFields);

/** A trade-price candle (`kline`): the prices plus volume and turnover. */
export const kline = record({
  ...priceKlineFields,
  /** Volume traded, in contracts or base coin. */
  volume: decimal,
  /** Turnover, in quote coin. */
  turnover: decimal,
});

/** The long/short account ratio at one time. */
export const accountRatio = record({
  /** Time, as a date-time text. */
  date: v.string(),
  /** Time, epoch milliseconds. */
  time: v.number(),
  /** Share of accounts long. */
  longRatio: decimal,
  /** Share of accounts short. */
  shortRatio: decimal,
});

/** One funding settlement. */
export const funding = record({
  /** Settlement time, as a date-time text. */
  date: v.string(),
  /** Settlement time, epoch milliseconds (ISO 8601 text is accepted and converted). */
  time: instant,
  /** Contract code. */
  symbol: v.string(),
  /** Funding rate. */
  fundingRate: decimal,
});

/** Open interest at one time. */
export const openInterest = record({
  /** Time, as a date-time text. */
  date: v.string(),
  /** Time, epoch milliseconds (ISO 8601 text is accepted and converted). */
  time: instant,
  /** Open interest. */
  openInterest: decimal,
  /** Open interest of a single side. */
  singleOpenInterest: decimal,
});

/** A tradable instrument and its trading rules. */
export const instrument = record({
  /** Trading status, such as `Trading`. */
  status: v.string(),
  /** Contract code. */
  symbol: v.string(),
  /** Base coin. */
  baseCoin: v.string(),
  /** Quote coin. */
  quoteCoin: v.string(),
  /** Settlement coin. */
  settleCoin: v.string(),
  /** Contract type, such as `LinearPerpetual`. */
  contractType: v.string(),
  /** Copy-trading support. */
  copyTrading: v.string(),
  /** Order quantity step. */
  qtyStep: decimal,
  /** Price tick size. */
  tickSize: decimal,
  /** Minimum order price. */
  minPrice: decimal,
  /** Maximum order price. */
  maxPrice: decimal,
  /** Price scale (decimal places). */
  priceScale: decimal,
  /** Minimum leverage. */
  minLeverage: decimal,
  /** Maximum leverage. */
  maxLeverage: decimal,
  /** Leverage step. */
  leverageStep: decimal,
  /** Minimum order quantity. */
  minOrderQty: decimal,
  /** Maximum order quantity. */
  maxOrderQty: decimal,
  /** Minimum order value. */
  minNotionalValue: decimal,
  /** Launch date, as a date-time text. */
  launchDate: v.string(),
  /** Launch time, epoch milliseconds. */
  launchTime: v.number(),
  /** Whether unified-margin trading is supported. */
  unifiedMarginTrade: v.boolean(),
  /** Minutes between funding settlements. */
  fundingIntervalMinutes: v.number(),
});

/** One price level of the order book. */
export const bookLevel = record({
  /** Size at this price. */
  size: decimal,
  /** Price. */
  price: decimal,
});

/** A public trade. */
export const trade = record({
  /** Trade time, as a date-time text. */
  date: v.string(),
  /** Trade time, epoch milliseconds (ISO 8601 text is accepted and converted). */
  time: instant,
  /** Taker side; `buy` appears (and `sell`). */
  side: v.string(),
  /** Trade size. */
  size: decimal,
  /** Trade price. */
  price: decimal,
  /** Contract code. */
  symbol: v.string(),
  /** Trade id. */
  tradeId: v.string(),
  /** Sequence number. */
  sequence: decimal,
  /** Whether it was a retail-price-improvement trade. */
  isRpiTrade: v.boolean(),
  /** Whether it was a block trade. */
  isBlockTrade: v.boolean(),
});

/** A symbol's 24-hour ticker. */
export const ticker = record({
  /** Contract code. */
  symbol: v.string(),
  /** Best ask size. */
  askSize: decimal,
  /** Best bid size. */
  bidSize: decimal,
  /** Best ask price. */
  askPrice: decimal,
  /** Best bid price. */
  bidPrice: decimal,
  /** Last traded price. */
  lastPrice: decimal,
  /** Mark price. */
  markPrice: decimal,
  /** Index price. */
  indexPrice: decimal,
  /** Volume over 24 hours. */
  volume24h: decimal,
  /** Turnover over 24 hours. */
  turnover24h: decimal,
  /** Lowest price over 24 hours. */
  lowPrice24h: decimal,
  /** Highest price over 24 hours. */
  highPrice24h: decimal,
  /** Price an hour ago. */
  prevPrice1h: decimal,
  /** Price 24 hours ago. */
  prevPrice24h: decimal,
  /** Price change over 24 hours, as a fraction (0.0123 is 1.23%). */
  priceChangePct24h: decimal,
  /** Current funding rate. */
  fundingRate: decimal,
  /** Open interest. */
  openInterest: decimal,
  /** Open interest value, in quote coin. */
  openInterestValue: decimal,
  /** Next funding settlement, as a date-time text. */
  nextFundingDate: v.string(),
  /** Next funding settlement, epoch milliseconds (ISO 8601 text is accepted and converted). */
  nextFundingTime: instant,
});

/** What every derivexchange response echoes. */
export const echoes = () =>
  fields({
    /** Dataset name. */
    dataset: v.string(),
    /** Contract code (echo). */
    symbol: v.string(),
    /** Product line (echo). */
    category: v.string(),
    /** Upstream provider name. */
    provider: v.string(),
  });
