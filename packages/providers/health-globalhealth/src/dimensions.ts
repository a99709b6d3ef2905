/** `GET /v1/health:globalhealth/dimensions` (document 3, section 4.2). */
import { fields } from '@pdg/core/provider';
import * as v from 'valibot';
import { dimension } from './records.js';

export const description = "The dimension catalogue: the vocabulary behind indicator-data's filterable fields.";

export const params = v.strictObject({});

export const response = v.looseObject({
  /** The dimensions. */
  items: v.array(dimension),
  ...fields({
    /** Number of dimensions. */
    count: v.pipe(v.number(), v.integer()),
    /** Upstream provider name. */
    provider: v.string(),
  }),
});
