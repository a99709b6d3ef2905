/**
 * The scholarly search's records (document 1, section 2.10).
 *
 * The spec types a few fields (`type`, `pdfUrl`, `authors`, `versions`, `citedByCount`,
 * `authorProfiles`); the others it names only. Text fields (links, titles, ids, `publicationInfo`) are
 * strings. `year` is the exception: a year is as often sent as a number as a string, and the spec does
 * not say which, so both are accepted rather than failing every call on a guess.
 */
import { record } from '@pdg/core/provider';
import * as v from 'valibot';

/** An author of a result who has a profile: name and author id. */
export const authorProfile = record({
  /** Author name. */
  name: v.string(),
  /** Author id of the profile. */
  authorId: v.string(),
});

/** One search result: a publication. */
export const searchResult = record({
  /** Link to the publication. */
  link: v.string(),
  /** Kind of the linked file: `PDF`, or empty. */
  type: v.string(),
  /** Publication year (a number or a string: the spec gives no type). */
  year: v.union([v.number(), v.string()]),
  /** Publication title. */
  title: v.string(),
  /** Where it was published (journal, conference, ...). */
  venue: v.string(),
  /** Link to a PDF of the publication; an empty string when there is none. */
  pdfUrl: v.string(),
  /** Author names. */
  authors: v.array(v.string()),
  /** A short excerpt of the publication. */
  snippet: v.string(),
  /** Result id. */
  resultId: v.string(),
  /** Number of versions of the publication. */
  versions: v.number(),
  /** Publisher. */
  publisher: v.string(),
  /** Link to the list of publications citing this one. */
  citedByUrl: v.string(),
  /** Link to related publications. */
  relatedUrl: v.string(),
  /** Number of publications citing this one. */
  citedByCount: v.number(),
  /** The authors that have a profile: name and author id. */
  authorProfiles: v.array(authorProfile),
  /** Publication line: authors, venue, year, publisher. */
  publicationInfo: v.string(),
});
