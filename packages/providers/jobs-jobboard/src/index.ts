/**
 * jobs:jobboard: job listings, browse and search.
 * Source of truth: the gateway spec, document 1, sections 2.1, 2.4, 3, 4.3 and 8.
 */
import {
  booleanParam,
  defineEndpoint,
  defineProvider,
  enumParam,
  fields,
  integerParam,
  numberParam,
  optional,
  record,
  stringParam,
} from '@pdg/core';
import * as v from 'valibot';

// Section 4.3, "Enumerations used below".
const jobTypes = ['FULL_TIME', 'PART_TIME', 'CONTRACT', 'INTERNSHIP', 'PROJECT_BASED'] as const;
const workArrangements = ['ONSITE', 'HYBRID', 'REMOTE'] as const;
const educationLevels = [
  'PRIMARY_SCHOOL',
  'SECONDARY_SCHOOL',
  'HIGH_SCHOOL',
  'DIPLOMA',
  'COLLEGE_DEGREE',
  'BACHELOR_DEGREE',
  'MASTER_DEGREE',
  'PROFESSIONAL_EDUCATION',
] as const;
const experienceLevels = [
  'NO_EXPERIENCE',
  'FRESH_GRAD',
  'LESS_THAN_A_YEAR',
  'ONE_TO_THREE_YEARS',
  'THREE_TO_FIVE_YEARS',
  'FIVE_TO_TEN_YEARS',
  'MORE_THAN_TEN_YEARS',
] as const;
const postedWithinValues = ['PAST_24_HOURS', 'PAST_WEEK', 'PAST_MONTH', 'ANY_TIME'] as const;
const currencies = ['IDR', 'SGD', 'VND', 'JPY', 'MYR'] as const;

const countryCode = (description: string) =>
  optional(stringParam(description, { pattern: /^[A-Za-z]{2}$/, patternMessage: 'must be a 2-letter country code' }));

// The shared params of the three filtered listings (fresh-grad-jobs, internships, remote-jobs). Each
// listing names those it offers, so every params object keeps its own doc comments.
const listing = {
  query: optional(stringParam('free-text search across job titles')),
  country: countryCode('two-letter country code'),
  locationId: optional(stringParam('hierarchical location id from the filters endpoint')),
  jobType: optional(enumParam(jobTypes, 'job type')),
  workArrangement: optional(enumParam(workArrangements, 'work arrangement')),
  educationLevel: optional(enumParam(educationLevels, 'education level')),
  experience: optional(enumParam(experienceLevels, 'experience level')),
  postedWithin: optional(enumParam(postedWithinValues, 'how recently the listing was updated')),
  minSalary: optional(numberParam('minimum salary; requires `currency`')),
  currency: optional(enumParam(currencies, 'currency for `minSalary`')),
  sort: optional(enumParam(['relevance', 'latest'], 'result order', { default: 'relevance' })),
};

/** The fields of a job list item (section 2.4), shared with the job detail. */
const jobListFields = {
  /** Listing page URL. */
  url: v.string(),
  /** URL slug of the listing. */
  slug: v.string(),
  /** Job id, a UUID: the `jobId` the `job` endpoint takes. */
  jobId: v.string(),
  /** Job title. */
  title: v.string(),
  /** Salary display. */
  salary: record({
    /** Whether the salary is shown. */
    shown: v.boolean(),
  }),
  /** Listing status: `OPEN` appears; other values are not documented. */
  status: v.string(),
  /** The hiring company. */
  company: record({
    /** Company id. Its type is not documented: a string or a number. */
    id: v.union([v.string(), v.number()]),
  }),
  /** Whether the job is hybrid. */
  isHybrid: v.boolean(),
  /** Whether the job is remote. */
  isRemote: v.boolean(),
  /** Whether the listing is marked urgent. */
  isUrgent: v.boolean(),
  /** Where the job is. */
  location: record({
    /** City. */
    city: v.string(),
    /** Region. */
    region: v.string(),
    /** Country name. */
    country: v.string(),
    /** District. */
    district: v.string(),
    /** Two-letter country code. */
    countryCode: v.string(),
  }),
  /** When the listing was posted, ISO 8601. */
  postedAt: v.string(),
  /** When the listing was created, ISO 8601. */
  createdAt: v.string(),
  /** When the listing was last updated, ISO 8601. */
  updatedAt: v.string(),
  /** When the listing expires, a date (YYYY-MM-DD). */
  expiresAt: v.string(),
  /** Job description, truncated. */
  description: v.string(),
  /** Employment type: `FULL_TIME`, `PART_TIME`, `CONTRACT`, `INTERNSHIP` or `PROJECT_BASED`. */
  employmentType: v.string(),
  /** Work experience asked for. */
  workExperience: record({
    /** Minimum. */
    min: v.number(),
    /** Maximum. */
    max: v.number(),
  }),
  /** Work arrangement: `ONSITE`, `HYBRID` or `REMOTE`. */
  workArrangement: v.string(),
  /** Number of openings. */
  numberOfOpenings: v.number(),
  /** Minimum education asked for, an education level such as `BACHELOR_DEGREE`. */
  educationLevelCode: v.string(),
};

/** A job list item (browse and the filtered listings). */
export const jobListItem = record(jobListFields);

/** A job's detail: the list item's fields, a fuller `company`, and a few more. */
export const jobDetail = record({
  ...jobListFields,
  /** The hiring company. */
  company: record({
    /** Company id. Its type is not documented: a string or a number. */
    id: v.union([v.string(), v.number()]),
    /** Logo image URL. */
    logo: v.string(),
    /** Company name. */
    name: v.string(),
    /** Company size, such as a headcount band. */
    size: v.string(),
    /** Whether the company is a VIP account. */
    isVip: v.boolean(),
    /** Company address. */
    address: v.string(),
    /** Company website URL. */
    website: v.string(),
    /** Whether the company is hiring. */
    isHiring: v.boolean(),
    /** Whether the company is verified. */
    verified: v.boolean(),
    /** Company description. */
    description: v.string(),
    /** The name to display. */
    displayName: v.string(),
  }),
  /** Job function. */
  function: v.string(),
  /** Whether the listing is public. */
  isPublic: v.boolean(),
  /** The provider's short name. */
  provider: v.string(),
  /** Whether applying requires a resume. */
  requiresResume: v.boolean(),
  /** Whether applying requires a cover letter. */
  requiresCoverLetter: v.boolean(),
  /** Whether applications from abroad are accepted. */
  acceptsForeignApplications: v.boolean(),
});

/** A filter vocabulary item: the accepted values of one filter field. */
export const filterVocabularyItem = record({
  /** Filter field: `jobType`, `workArrangement`, `educationLevel`, `experience`, `postedWithin`, `currency` appear. */
  field: v.string(),
  /** The accepted values. */
  values: v.array(v.string()),
  /** Number of values. */
  count: v.number(),
});

/** A page object (section 2.1) of job list items. */
export const jobPage = v.looseObject({
  /** Page number, 1-based. */
  page: v.number(),
  /** Number of items on this page. */
  count: v.number(),
  /** The jobs on this page. */
  items: v.array(jobListItem),
  ...fields({
    /** Page size used. */
    limit: v.number(),
    /** Total number of matches, or null. */
    total: v.number(),
    /** Whether a page follows. */
    hasMore: v.boolean(),
    /** The next page number, or null. */
    nextPage: v.number(),
    /** The provider's short name. */
    provider: v.string(),
  }),
});

/** The page object of the filtered listings: it echoes `query`, and `total` may be null. */
export const listingPage = v.looseObject({
  ...jobPage.entries,
  ...fields({
    /** The `query` param, echoed. */
    query: v.string(),
  }),
});

/**
 * remote-jobs' params: the documented ones typed and validated, any other accepted and sent ("Parameters
 * of remote-jobs after experience: not shown"), except the pre-bound `workArrangement`.
 */
const remoteJobsParams = v.pipe(
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
  v.forward(
    v.check((input) => input.workArrangement === undefined, 'must not be given: remote-jobs pre-binds it to REMOTE'),
    ['workArrangement'],
  ),
);

export const jobboard = defineProvider({
  id: 'jobs:jobboard',
  description: 'Job listings, browse and search.',
  endpoints: {
    browse: defineEndpoint({
      path: 'browse',
      description: 'Structural paged browse of job listings.',
      cacheSeconds: 600,
      paging: { kind: 'page', items: 'items' },
      params: v.strictObject({
        /** Two-letter country code (ID, SG, VN, MY, TW given as examples). */
        country: countryCode('two-letter country code (ID, SG, VN, MY, TW given as examples)'),
        /** Job type. */
        jobType: optional(enumParam(jobTypes, 'job type')),
        /** Work arrangement. */
        workArrangement: optional(enumParam(workArrangements, 'work arrangement')),
        /** Minimum education asked for. */
        educationLevel: optional(enumParam(educationLevels, 'minimum education asked for')),
        /** Only listings the employer flagged remote. Sent as `true`/`false`. */
        remote: optional(booleanParam('only listings the employer flagged remote')),
        /** Only open and public listings. Sent as `true`/`false`. Server default `true`. */
        openOnly: optional(booleanParam('only open and public listings', { default: true })),
        /** `newest` or `oldest`, by creation date. Server default `newest`. */
        sort: optional(enumParam(['newest', 'oldest'], 'order by creation date', { default: 'newest' })),
        /** Page number, 1-based. Server default 1. */
        page: optional(integerParam('page number, 1-based', { min: 1, default: 1 })),
        /** Page size, at most 100. Server default 20. */
        limit: optional(integerParam('page size', { min: 1, max: 100, default: 20 })),
      }),
      response: jobPage,
    }),

    filters: defineEndpoint({
      path: 'filters',
      description: 'Vocabulary of accepted values per filter field.',
      params: v.strictObject({
        /** Two-letter country code; changes the locations and companies offered. */
        country: countryCode('two-letter country code; changes the locations and companies offered'),
        /** Scopes the company and location shortlists. */
        query: optional(stringParam('scopes the company and location shortlists')),
      }),
      response: v.looseObject({
        /** Number of filter fields. */
        count: v.number(),
        /** One vocabulary item per filter field. */
        items: v.array(filterVocabularyItem),
        ...fields({
          /** The provider's short name. */
          provider: v.string(),
        }),
      }),
    }),

    // The spec gives the three listings below no `page` param, so they declare no paging: `pages()`
    // would send one. Their answers are still page objects.
    'fresh-grad-jobs': defineEndpoint({
      path: 'fresh-grad-jobs',
      description: 'Job listing with experience pre-bound to FRESH_GRAD.',
      params: v.pipe(
        v.strictObject({
          /** Free-text search across job titles. */
          query: listing.query,
          /** Two-letter country code. */
          country: listing.country,
          /** Hierarchical location id from the filters endpoint. */
          locationId: listing.locationId,
          /** Job type. */
          jobType: listing.jobType,
          /** Work arrangement. */
          workArrangement: listing.workArrangement,
          /** Education level. */
          educationLevel: listing.educationLevel,
          /** How recently the listing was updated. */
          postedWithin: listing.postedWithin,
          /** Minimum salary; requires `currency`. */
          minSalary: listing.minSalary,
          /** Currency for `minSalary`. */
          currency: listing.currency,
          /** `relevance` or `latest`. Server default `relevance`. */
          sort: listing.sort,
        }),
        // "minSalary ... requires currency": refused before sending; the issue names `currency`.
        v.forward(
          v.partialCheck(
            [['minSalary'], ['currency']],
            (input) => input.minSalary === undefined || input.currency !== undefined,
            'must be given when minSalary is given',
          ),
          ['currency'],
        ),
      ),
      response: listingPage,
    }),

    internships: defineEndpoint({
      path: 'internships',
      description: 'Job listing with job type pre-bound to INTERNSHIP.',
      params: v.pipe(
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
        // "minSalary ... requires currency": refused before sending; the issue names `currency`.
        v.forward(
          v.partialCheck(
            [['minSalary'], ['currency']],
            (input) => input.minSalary === undefined || input.currency !== undefined,
            'must be given when minSalary is given',
          ),
          ['currency'],
        ),
      ),
      response: listingPage,
    }),

    'remote-jobs': defineEndpoint({
      path: 'remote-jobs',
      description: 'Job listing with work arrangement pre-bound to REMOTE.',
      // A loose object's type takes any key; the intersection keeps the pre-bound `workArrangement` out.
      params: remoteJobsParams as typeof remoteJobsParams &
        v.GenericSchema<
          v.InferInput<typeof remoteJobsParams> & { readonly workArrangement?: never },
          v.InferOutput<typeof remoteJobsParams>
        >,
      response: listingPage,
    }),

    job: defineEndpoint({
      path: 'job',
      pathParam: 'jobId',
      description: 'One job in detail, by the job UUID the listings return.',
      params: v.strictObject({
        /** Job UUID as returned by the listings. */
        jobId: stringParam('job UUID as returned by the listings'),
      }),
      response: jobDetail,
    }),

    search: defineEndpoint({
      path: 'search',
      description: 'Keyword search over the listing set with education, work-arrangement and experience filters.',
      undocumented: true,
      params: v.looseObject({}),
      response: v.unknown(),
    }),
  },
});
