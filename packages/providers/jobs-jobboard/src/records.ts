import { fields, record } from '@pdg/core/provider';
import * as v from 'valibot';

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
  count: v.pipe(v.number(), v.integer()),
});

/**
 * The page object (section 2.1) of the filtered listings: it echoes `query`, and `total` may be null.
 * Those listings are not paged (the spec gives them no `page` param), so this is a plain object.
 */
export const listingPage = v.looseObject({
  /** Page number, 1-based. */
  page: v.pipe(v.number(), v.integer()),
  /** Number of items on this page. */
  count: v.pipe(v.number(), v.integer()),
  /** The jobs on this page. */
  items: v.array(jobListItem),
  ...fields({
    /** Page size used. */
    limit: v.pipe(v.number(), v.integer()),
    /** Total number of matches, or null. */
    total: v.pipe(v.number(), v.integer()),
    /** Whether a page follows. */
    hasMore: v.boolean(),
    /** The next page number, or null. */
    nextPage: v.pipe(v.number(), v.integer()),
    /** The provider's short name. */
    provider: v.string(),
    /** The `query` param, echoed. */
    query: v.string(),
  }),
});
