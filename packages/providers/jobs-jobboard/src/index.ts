/**
 * jobs:jobboard: job listings, browse and search.
 * Source of truth: the gateway spec, document 1, sections 2.1, 2.4, 3, 4.3 and 8.
 */
import { defineProvider } from '@pdg/core/provider';
import * as browse from './browse.js';
import * as filters from './filters.js';
import * as freshGradJobs from './fresh-grad-jobs.js';
import * as internships from './internships.js';
import * as job from './job.js';
import * as remoteJobs from './remote-jobs.js';
import * as search from './search.js';

export { filterVocabularyItem, jobDetail, jobListItem, listingPage } from './records.js';

export const jobboard = defineProvider({
  id: 'jobs:jobboard',
  description: 'Job listings, browse and search.',
  endpoints: {
    browse,
    filters,
    'fresh-grad-jobs': freshGradJobs,
    internships,
    'remote-jobs': remoteJobs,
    job,
    search,
  },
});
