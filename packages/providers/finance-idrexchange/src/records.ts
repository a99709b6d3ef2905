import { record } from '@pdg/core/provider';
import * as v from 'valibot';

/** One market row: a `<base>/idr` pair, its price in rupiah and its changes over four periods. */
export const idrPrice = record({
  /** The pair, `<base>/idr`, lowercase (`btc/idr`). */
  pair: v.string(),
  /** Last price, in IDR. */
  price: v.number(),
  /** Change over the last day, in percent. */
  changeDayPercent: v.number(),
  /** Change over the last week, in percent. */
  changeWeekPercent: v.number(),
  /** Change over the last month, in percent. */
  changeMonthPercent: v.number(),
  /** Change over the last year, in percent. */
  changeYearPercent: v.number(),
});
