/** Params several endpoints share; each endpoint's module gives them their JSDoc. */
import { integerParam, optional } from '@pdg/core/provider';

/** The page number, 1-based: the listings' only position param (the page size, 10, is not a param). */
export const pageParam = optional(integerParam({ min: 1 }));
