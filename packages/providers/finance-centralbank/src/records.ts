/**
 * The central bank's records (document 2, section 2.1). The spec types `path`, `values`, `count`,
 * `total`, `depth`, `isLeaf`, `yield`, `rate` and `maturity`; other fields are text.
 */
import { record } from '@pdg/core/provider';
import * as v from 'valibot';

/** One observation of a series. */
export const observation = record({
  /** Observation date, YYYY-MM-DD. */
  date: v.string(),
  /** Observed value. */
  value: v.number(),
});

const seriesFields = {
  /** String identifying the series; ends with the item code in braces. */
  key: v.string(),
  /** Item code. */
  item: v.string(),
  /** Series name, in the requested language. */
  name: v.string(),
  /** The name path in the dimension tree, root first. */
  path: v.array(v.string()),
  /** Unit of the values. */
  unit: v.string(),
  /** Number of observations returned. */
  count: v.pipe(v.number(), v.integer()),
  /** Number of observations available. */
  total: v.pipe(v.number(), v.integer()),
  /** Observations, newest first. */
  values: v.array(observation),
  /** Frequency code of the series. */
  frequency: v.string(),
  /** Date of the latest observation, YYYY-MM-DD. */
  latestDate: v.string(),
  /** Value of the latest observation. */
  latestValue: v.number(),
};

/** A series of a data cube (`cube`): the series fields plus `scale`. */
export const cubeSeries = record({
  ...seriesFields,
  /** Scale of the values, when the cube gives one (null otherwise). */
  scale: v.union([v.number(), v.string()]),
});

/** A money-market series (`money-market`): the series fields plus the cube and table it comes from. */
export const moneyMarketSeries = record({
  ...seriesFields,
  /** Id of the cube the series comes from. */
  cube: v.string(),
  /** The table the series belongs to: `saron` (overnight-rate term structure) or `reference` (reference rates and non-CHF benchmarks). */
  table: v.string(),
});

/** A node of a cube's dimension tree. */
export const dimensionNode = record({
  /** Node id: an item code, usable in `select`. */
  id: v.string(),
  /** Node name, in the requested language. */
  name: v.string(),
  /** The name path from the root to this node. */
  path: v.array(v.string()),
  /** Depth in the tree; the root is 0. */
  depth: v.number(),
  /** Whether the node is a leaf (a series). */
  isLeaf: v.boolean(),
});

/** A government bond yield for one maturity and month. */
export const bondYield = record({
  /** Item code of the series. */
  item: v.string(),
  /** Yield, in percent. */
  yield: v.number(),
  /** Month of the observation, YYYY-MM. */
  period: v.string(),
  /** Maturity, in years. */
  maturity: v.number(),
});

/** A central bank's policy rate for one month. */
export const policyRate = record({
  /** Bank code: `swissbank`, `fed`, `ecb`, `boe` or `boj`. */
  bank: v.string(),
  /** Series code. */
  code: v.string(),
  /** Policy rate, in percent. */
  rate: v.number(),
  /** Month of the observation, YYYY-MM. */
  period: v.string(),
  /** Series name. */
  series: v.string(),
});
