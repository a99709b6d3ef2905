/** `GET /v1/jobs:jobboard/filters` (document 1, section 4.3). */
import { fields, optional, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { countryCode } from './params.js';
import { filterVocabularyItem } from './records.js';

export const description = 'Vocabulary of accepted values per filter field.';

export const params = v.strictObject({
  /** Two-letter country code; changes the locations and companies offered. */
  country: countryCode(),
  /** Scopes the company and location shortlists. */
  query: optional(stringParam()),
});

export const response = v.looseObject({
  /** Number of filter fields. */
  count: v.pipe(v.number(), v.integer()),
  /** One vocabulary item per filter field. */
  items: v.array(filterVocabularyItem),
  ...fields({
    /** The provider's short name. */
    provider: v.string(),
  }),
});
