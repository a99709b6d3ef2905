/** `GET /v1/finance:coinaggregator/vs-currencies` (document 2, section 4.6). */
import { fields } from '@pdg/core/provider';
import * as v from 'valibot';

export const description = 'The vs currencies prices can be quoted in (lowercase codes).';

export const params = v.strictObject({});

export const response = v.looseObject({
  /** Currency codes, lowercase, such as `usd`. */
  items: v.array(v.string()),
  ...fields({
    /** Number of codes returned. */
    count: v.pipe(v.number(), v.integer()),
    /** Number of codes available. */
    total: v.pipe(v.number(), v.integer()),
  }),
});
