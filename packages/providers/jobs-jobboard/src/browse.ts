/** `GET /v1/jobs:jobboard/browse` (document 1, section 4.3; cache 10m, section 8). */
import { booleanParam, enumParam, fields, integerParam, optional, pageOf } from '@pdg/core/provider';
import * as v from 'valibot';
import { countryCode, educationLevels, jobTypes, workArrangements } from './params.js';
import { jobListItem } from './records.js';

export const description = 'Structural paged browse of job listings.';

/** What identifies one item, as the spec shows it (`@pdg/store` keeps each item once by it). */
export const itemKey = ['jobId'] as const;

export const cacheSeconds = 600;

export const params = v.strictObject({
  /** Two-letter country code (ID, SG, VN, MY, TW given as examples). */
  country: countryCode(),
  /** Job type. */
  jobType: optional(enumParam(jobTypes)),
  /** Work arrangement. */
  workArrangement: optional(enumParam(workArrangements)),
  /** Minimum education asked for. */
  educationLevel: optional(enumParam(educationLevels)),
  /** Only listings the employer flagged remote. Sent as `true`/`false`. */
  remote: optional(booleanParam()),
  /** Only open and public listings. Sent as `true`/`false`. Server default `true`. */
  openOnly: optional(booleanParam({ default: true })),
  /** `newest` or `oldest`, by creation date. Server default `newest`. */
  sort: optional(enumParam(['newest', 'oldest'], { default: 'newest' })),
  /** Page number, 1-based. Server default 1. */
  page: optional(integerParam({ min: 1, default: 1 })),
  /** Page size, at most 100. Server default 20. */
  limit: optional(integerParam({ min: 0, max: 100, default: 20 })),
});

export const { paging, response } = pageOf('items', jobListItem, {
  /** Number of items on this page. */
  count: v.pipe(v.number(), v.integer()),
  ...fields({
    /** Page size used. */
    limit: v.pipe(v.number(), v.integer()),
    /** Total number of matches, or null. */
    total: v.pipe(v.number(), v.integer()),
    /** The provider's short name. */
    provider: v.string(),
  }),
});
