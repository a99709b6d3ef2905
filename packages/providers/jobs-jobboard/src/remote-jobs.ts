/** `GET /v1/jobs:jobboard/remote-jobs`. */
import { paramRules } from '@pdg/core/provider';
import * as v from 'valibot';
import { listing } from './params.js';
import { listingPage } from './records.js';

/**
 * remote-jobs' params: the documented ones typed and validated, any other accepted and sent ("Parameters
 * of remote-jobs after experience: not shown"), except the pre-bound `workArrangement`.
 */
const remoteJobsParams = paramRules(
  v.looseObject({
    /** Free-text search across job titles. */
    query: listing.query,
    /** Two-letter country code. */
    country: listing.country,
    /** Hierarchical location id from the filters endpoint. */
    locationId: listing.locationId,
    /** Job type. */
    jobType: listing.jobType,
    /** Education level. */
    educationLevel: listing.educationLevel,
    /** Experience level. */
    experience: listing.experience,
  }),
  { refuses: { workArrangement: 'remote-jobs pre-binds it to REMOTE' } },
);

export const description = 'Job listing with work arrangement pre-bound to REMOTE.';

// A loose object's type takes any key; the intersection keeps the pre-bound `workArrangement` out.
export const params = remoteJobsParams as typeof remoteJobsParams &
  v.GenericSchema<
    v.InferInput<typeof remoteJobsParams> & { readonly workArrangement?: never },
    v.InferOutput<typeof remoteJobsParams>
  >;

export const response = listingPage;
