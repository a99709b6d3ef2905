import { optionalField } from '@pdg/core/provider';
import * as v from 'valibot';

/** A coin id as the gateway takes and keys it: a lowercase slug (`bitcoin`, `usd-coin`). */
export const coinIdPattern = /^[a-z0-9-]+$/;

/**
 * A key of a coin's price object: `<vs>`, `<vs>_24h_change` or `<vs>_market_cap`, `<vs>` as requested
 * (usually a lowercase code such as `usd`; the spec gives the vs currencies no form).
 */
export const priceKeyPattern = /^[A-Za-z0-9]+(?:_24h_change|_market_cap)?$/;

/**
 * One coin's numbers, keyed `<vs>` (price in that currency), `<vs>_24h_change` and `<vs>_market_cap` for
 * each requested vs currency. `CoinPrices<'usd' | 'eur'>` names the keys of a call with `vs: 'usd,eur'`.
 * Every key is optional: the gateway leaves out (or sends as null) a number it does not have.
 */
export type CoinPrices<Vs extends string> = {
  [K in Vs | `${Vs}_24h_change` | `${Vs}_market_cap`]?: number;
};

/**
 * A coin's price object as validated: every key of the form `<vs>`, `<vs>_24h_change` or
 * `<vs>_market_cap`, every value a number (null reads as undefined).
 */
export const coinPrices = v.record(
  v.pipe(v.string(), v.regex(priceKeyPattern, 'a key of the form <vs>, <vs>_24h_change or <vs>_market_cap')),
  optionalField(v.number()),
) as unknown as v.GenericSchema<Readonly<Record<string, number | null>>, CoinPrices<string>>;

/** `prices`: an object keyed by coin id, each value the coin's price object. */
export const priceMap = v.record(
  v.pipe(v.string(), v.regex(coinIdPattern, 'a lowercase coin id')),
  coinPrices,
) as unknown as v.GenericSchema<
  Readonly<Record<string, Readonly<Record<string, number | null>>>>,
  Record<string, CoinPrices<string>>
>;

/** One coin's numbers in one vs currency, under readable names. */
export interface Quote {
  /** Price in the vs currency (the `<vs>` key). */
  readonly price?: number;
  /** Price change over 24 hours, in percent (the `<vs>_24h_change` key). */
  readonly change24h?: number;
  /** Market capitalisation in the vs currency (the `<vs>_market_cap` key). */
  readonly marketCap?: number;
}

/** `'usd,eur'` → `'usd' | 'eur'`; an array → its items. */
export type VsOf<TVs extends string | readonly string[]> = TVs extends readonly string[]
  ? TVs[number]
  : TVs extends `${infer Head},${infer Tail}`
    ? Head | VsOf<Tail>
    : TVs;

/**
 * The `prices` map of a `price` result, regrouped per coin and per vs currency, typed by the `vs` you
 * pass (the same value as the call's `vs` param, an array or a comma-separated string):
 *
 * ```ts
 * const result = await pdg.run('finance:crypto-price', 'price', { coins: 'bitcoin,ethereum', vs: ['usd', 'eur'] });
 * const byCoin = quotes(result, ['usd', 'eur']);
 * byCoin.bitcoin?.usd.price; // number | undefined
 * byCoin.bitcoin?.gbp; // compile error: gbp was not requested
 * ```
 *
 * Every coin in the result gets an entry for every vs given, its fields undefined where the gateway sent
 * no number. Coins the gateway left out stay out.
 */
export function quotes<const TVs extends string | readonly string[]>(
  result: { readonly prices: Readonly<Record<string, CoinPrices<string>>> },
  vs: TVs,
): Record<string, Record<VsOf<TVs>, Quote>> {
  const currencies = (typeof vs === 'string' ? vs.split(',') : [...vs]).map((item) => item.trim());
  const out: Record<string, Record<string, Quote>> = {};
  for (const [coin, numbers] of Object.entries(result.prices)) {
    const byVs: Record<string, Quote> = {};
    for (const currency of currencies) {
      byVs[currency] = {
        price: numbers[currency] ?? undefined,
        change24h: numbers[`${currency}_24h_change`] ?? undefined,
        marketCap: numbers[`${currency}_market_cap`] ?? undefined,
      };
    }
    out[coin] = byVs;
  }
  return out as Record<string, Record<VsOf<TVs>, Quote>>;
}
