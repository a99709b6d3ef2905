/** News and analysis records (document 2, section 2.3). */
import { record } from '@pdg/core/provider';
import * as v from 'valibot';

/** A news item of `news`. */
export const newsItem = record({
  /** News id: the `id` param of `article`. */
  id: v.string(),
  /** Article URL: the `url` param of `article`. */
  url: v.string(),
  /** Image URL. */
  image: v.string(),
  /** Headline. */
  title: v.string(),
  /** Publisher name. */
  source: v.string(),
  /** A short excerpt. */
  excerpt: v.string(),
  /** News category. */
  category: v.string(),
  /** When it was published. */
  publishedAt: v.string(),
});

/** A full article. */
export const article = record({
  /** Article id. */
  id: v.string(),
  /** Article URL. */
  url: v.string(),
  /** Image URL. */
  image: v.string(),
  /** Headline. */
  title: v.string(),
  /** Author name. */
  author: v.string(),
  /** Publisher name. */
  source: v.string(),
  /** Author page URL. */
  authorUrl: v.string(),
  /** When it was last updated. */
  updatedAt: v.string(),
  /** Pair ids of the instruments the article is about. */
  relatedIds: v.array(v.number()),
  /** The article's text. */
  contentText: v.string(),
  /** When it was published. */
  publishedAt: v.string(),
});

/** An analysis item of `analysis`. */
export const analysisItem = record({
  /** Analysis page URL. */
  url: v.string(),
  /** Image URL. */
  image: v.string(),
  /** Headline. */
  title: v.string(),
  /** Author name. */
  author: v.string(),
  /** A short excerpt. */
  excerpt: v.string(),
  /** Article id: the `id` param of `article`. */
  articleId: v.string(),
  /** When it was published. */
  publishedAt: v.string(),
});
