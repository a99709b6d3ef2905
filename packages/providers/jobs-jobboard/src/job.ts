/** `GET /v1/jobs:jobboard/job/{jobId}` (document 1, section 4.3): the job id is the last path segment. */
import { stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { jobDetail } from './records.js';

export const pathParam = 'jobId';

export const description = 'One job in detail, by the job UUID the listings return.';

export const params = v.strictObject({
  /** Job UUID as returned by the listings. */
  jobId: stringParam(),
});

export const response = jobDetail;
