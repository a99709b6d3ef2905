/** `GET /v1/finance:coinaggregator/ping` (document 2, section 4.6). */
import { fields } from '@pdg/core/provider';
import * as v from 'valibot';

export const description = 'Whether the upstream data source answers.';

export const params = v.strictObject({});

export const response = v.looseObject({
  /** Whether the upstream answered. */
  ok: v.boolean(),
  ...fields({
    /** Dataset name. */
    dataset: v.string(),
    /** Upstream provider name. */
    provider: v.string(),
  }),
});
