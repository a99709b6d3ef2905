/** `GET /v1/research:scholarindex/areas` (document 1, section 4.8; cache 5m, given in 4.8's table). */
import { fields } from '@pdg/core/provider';
import * as v from 'valibot';
import { area } from './records.js';

export const description = 'The subject areas of the index.';

export const cacheSeconds = 300;

export const params = v.strictObject({});

export const response = v.looseObject({
  /** Number of areas. */
  count: v.pipe(v.number(), v.integer()),
  /** The areas. */
  items: v.array(area),
  ...fields({
    /** The provider's short name. */
    provider: v.string(),
  }),
});
