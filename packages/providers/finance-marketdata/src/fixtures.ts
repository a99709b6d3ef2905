/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/finance-marketdata/fixtures`. */
import { loadFixtures, type WorldHints } from '@pdg/core/fixtures';
import { marketdata } from './index.js';

/** How the fixtures connect, for the mock gateway's world: see `WorldHints` in `@pdg/core/fixtures`. */
const world: WorldHints = {
  keys: {
    quote: 'pairId',
    technical: 'pairId',
    historical: 'pairId',
    financials: 'pairId',
    analysis: 'pairId',
    article: 'id',
    'indicator-history': 'eventAttrId',
  },
  // News items carry their article's `id`, analysis items its `articleId`.
  ids: { article: { fields: ['id', 'articleId'], in: ['news', 'analysis', 'article'] } },
};

export const fixtures = loadFixtures(marketdata, new URL('../fixtures/', import.meta.url), world);
