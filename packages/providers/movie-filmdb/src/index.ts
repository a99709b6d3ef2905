/**
 * movie:filmdb: a film and TV database: title search, charts, box office, upcoming titles, people born
 * today, credits and episodes.
 * Source of truth: the gateway spec, document 3, sections 2.3 and 4.3, and document 1, sections 2.1 and 8.
 */
import { defineProvider } from '@pdg/core/provider';
import * as advancedSearch from './advanced-search.js';
import * as bornToday from './born-today.js';
import * as boxOffice from './box-office.js';
import * as chart from './chart.js';
import * as comingSoon from './coming-soon.js';
import * as credits from './credits.js';
import * as episodes from './episodes.js';
import * as filmography from './filmography.js';
import * as name from './name.js';
import * as reviews from './reviews.js';
import * as search from './search.js';
import * as title from './title.js';

export * from './records.js';

export const filmdb = defineProvider({
  id: 'movie:filmdb',
  description: 'Film and TV titles: search, charts, box office, coming soon, people born today, credits, episodes.',
  endpoints: {
    'advanced-search': advancedSearch,
    'born-today': bornToday,
    'box-office': boxOffice,
    chart,
    'coming-soon': comingSoon,
    credits,
    episodes,
    filmography,
    name,
    reviews,
    search,
    title,
  },
});
