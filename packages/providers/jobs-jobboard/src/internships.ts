/**
 * `GET /v1/jobs:jobboard/internships` (document 1, section 4.3), one of the three filtered listings. The spec
 * gives them no `page` param, so they declare no paging (`pages()` would send one); their answers are
 * still page objects.
 */
import { paramRules } from '@pdg/core/provider';
import * as v from 'valibot';
import { listing, salaryRule } from './params.js';
import { listingPage } from './records.js';

export const description = 'Job listing with job type pre-bound to INTERNSHIP.';

export const params = paramRules(
  v.strictObject({
    /** Free-text search across job titles. */
    query: listing.query,
    /** Two-letter country code. */
    country: listing.country,
    /** Hierarchical location id from the filters endpoint. */
    locationId: listing.locationId,
    /** Work arrangement. */
    workArrangement: listing.workArrangement,
    /** Education level. */
    educationLevel: listing.educationLevel,
    /** Experience level. */
    experience: listing.experience,
    /** How recently the listing was updated. */
    postedWithin: listing.postedWithin,
    /** Minimum salary; requires `currency`. */
    minSalary: listing.minSalary,
    /** Currency for `minSalary`. */
    currency: listing.currency,
    /** `relevance` or `latest`. Server default `relevance`. */
    sort: listing.sort,
  }),
  salaryRule,
);

export const response = listingPage;
