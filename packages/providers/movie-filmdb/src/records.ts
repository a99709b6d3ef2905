/**
 * The film database's records (document 3, section 2.3). Title ids are `tt` followed by digits, person
 * ids `nm` followed by digits. Fields beyond those listed (episodes have more) are kept as sent.
 */
import { record } from '@pdg/core/provider';
import * as v from 'valibot';

/** An amount of money. */
export const money = record({
  /** The amount. */
  amount: v.number(),
  /** Currency code, such as `USD`. */
  currency: v.string(),
});

/** The fields a title carries in search results and on charts. */
const titleFields = {
  /** Title id (`tt` followed by digits). */
  id: v.string(),
  /** Title type, such as `Movie` or `TV Series`. */
  type: v.string(),
  /** Release year. */
  year: v.number(),
  /** Poster image URL. */
  image: v.string(),
  /** Title. */
  title: v.string(),
  /** User rating, 1 to 10. */
  rating: v.number(),
  /** Number of user votes. */
  voteCount: v.number(),
  /** Runtime, in minutes. */
  runtimeMinutes: v.number(),
};

/** A title found by `advanced-search`. */
export const searchResult = record({
  ...titleFields,
  /** Plot summary. */
  plot: v.string(),
});

/** A person born on the given day (`born-today`). */
export const person = record({
  /** Person id (`nm` followed by digits). */
  id: v.string(),
  /** Name. */
  name: v.string(),
  /** Photo URL. */
  image: v.string(),
  /** The title the person is best known for. */
  knownFor: v.string(),
  /** Year of birth. */
  birthYear: v.number(),
  /** Professions, such as `Actress` or `Director`. */
  professions: v.array(v.string()),
});

/** A title on the weekend box-office chart. */
export const boxOfficeRow = record({
  /** Title id. */
  id: v.string(),
  /** Rank on the chart, from 1. */
  rank: v.number(),
  /** Release year. */
  year: v.number(),
  /** Poster image URL. */
  image: v.string(),
  /** Title. */
  title: v.string(),
  /** User rating, 1 to 10. */
  rating: v.number(),
  /** Gross over the weekend. */
  weekendGross: money,
  /** Gross since release. */
  lifetimeGross: money,
});

/** A title on a chart (`chart`). */
export const chartRow = record({
  ...titleFields,
  /** Rank on the chart, from 1. */
  rank: v.number(),
  /** Plot summary; sent by the gateway, not listed by the spec for chart rows. */
  plot: v.string(),
});

/** An upcoming title (`coming-soon`). */
export const upcomingTitle = record({
  /** Title id. */
  id: v.string(),
  /** Names of the leading cast. */
  cast: v.array(v.string()),
  /** Plot summary. */
  plot: v.string(),
  /** Title type. */
  type: v.string(),
  /** Poster image URL. */
  image: v.string(),
  /** Title. */
  title: v.string(),
  /** Genres. */
  genres: v.array(v.string()),
  /** Release date, YYYY-MM-DD. */
  releaseDate: v.string(),
});

/** A cast or crew credit of a title (`credits`). */
export const credit = record({
  /** Person id (`nm` followed by digits). */
  id: v.string(),
  /** Name. */
  name: v.string(),
  /** Photo URL. */
  image: v.string(),
  /** Credit category, such as `actor` or `director`. */
  category: v.string(),
  /** Characters played. */
  characters: v.array(v.string()),
});

/** An episode of a series (`episodes`). Further fields, which the spec does not list, are kept as sent. */
export const episode = record({
  /** Episode title id. */
  id: v.string(),
  /** Plot summary. */
  plot: v.string(),
  /** Still image URL. */
  image: v.string(),
  /** Episode title. */
  title: v.string(),
  /** User rating, 1 to 10. */
  rating: v.number(),
  /** Season number, as text (such as `"1"`). */
  season: v.string(),
  /** Episode number within the season, as text. */
  episode: v.string(),
  /** First air date, YYYY-MM-DD: one of the fields after these, which the spec does not list. */
  airDate: v.string(),
});
