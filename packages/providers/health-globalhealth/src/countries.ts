/** `GET /v1/health:globalhealth/countries` (document 3, section 4.2; cache 5 min, document 1, section 8). */
import { fields, optional, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { country } from './records.js';

export const description =
  "Countries with their ISO alpha-3 codes and regions: the codes indicator-data's country filter matches.";

export const cacheSeconds = 300;

export const params = v.strictObject({
  /** Keep the countries of one region (a code from `regions`). */
  region: optional(stringParam()),
});

export const response = v.looseObject({
  /** The countries. */
  items: v.array(country),
  ...fields({
    /** Number of countries. */
    count: v.pipe(v.number(), v.integer()),
    /** Region (echo). */
    region: v.string(),
    /** Upstream provider name. */
    provider: v.string(),
  }),
});
