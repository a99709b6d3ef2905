/** `GET /v1/health:globalhealth/regions` (document 3, section 4.2). */
import { fields } from '@pdg/core/provider';
import * as v from 'valibot';
import { region } from './records.js';

export const description = 'The regions countries are grouped in.';

export const params = v.strictObject({});

export const response = v.looseObject({
  /** The regions. */
  items: v.array(region),
  ...fields({
    /** Number of regions. */
    count: v.pipe(v.number(), v.integer()),
    /** Upstream provider name. */
    provider: v.string(),
  }),
});
