import { enumParam, numberParam, optional, stringParam } from '@pdg/core/provider';

// Section 4.3, "Enumerations used below".
export const jobTypes = ['FULL_TIME', 'PART_TIME', 'CONTRACT', 'INTERNSHIP', 'PROJECT_BASED'] as const;
export const workArrangements = ['ONSITE', 'HYBRID', 'REMOTE'] as const;
export const educationLevels = [
  'PRIMARY_SCHOOL',
  'SECONDARY_SCHOOL',
  'HIGH_SCHOOL',
  'DIPLOMA',
  'COLLEGE_DEGREE',
  'BACHELOR_DEGREE',
  'MASTER_DEGREE',
  'PROFESSIONAL_EDUCATION',
] as const;
export const experienceLevels = [
  'NO_EXPERIENCE',
  'FRESH_GRAD',
  'LESS_THAN_A_YEAR',
  'ONE_TO_THREE_YEARS',
  'THREE_TO_FIVE_YEARS',
  'FIVE_TO_TEN_YEARS',
  'MORE_THAN_TEN_YEARS',
] as const;
export const postedWithinValues = ['PAST_24_HOURS', 'PAST_WEEK', 'PAST_MONTH', 'ANY_TIME'] as const;
export const currencies = ['IDR', 'SGD', 'VND', 'JPY', 'MYR'] as const;

/** An optional two-letter country code (the form the spec names); each use gives it its own JSDoc. */
export const countryCode = () =>
  optional(stringParam({ pattern: /^[A-Za-z]{2}$/, patternMessage: 'must be a 2-letter country code' }));

/**
 * The shared params of the three filtered listings (fresh-grad-jobs, internships, remote-jobs). Each
 * listing names those it offers (a param the listing pre-binds is not offered), each with its JSDoc.
 */
export const listing = {
  query: optional(stringParam()),
  country: countryCode(),
  locationId: optional(stringParam()),
  jobType: optional(enumParam(jobTypes)),
  workArrangement: optional(enumParam(workArrangements)),
  educationLevel: optional(enumParam(educationLevels)),
  experience: optional(enumParam(experienceLevels)),
  postedWithin: optional(enumParam(postedWithinValues)),
  minSalary: optional(numberParam()),
  currency: optional(enumParam(currencies)),
  sort: optional(enumParam(['relevance', 'latest'], { default: 'relevance' })),
};

/** "minSalary ... requires currency" (document 1, section 4.3): for `paramRules`. */
export const salaryRule = { requires: { minSalary: ['currency'] } } as const;
