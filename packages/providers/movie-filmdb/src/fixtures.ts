/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/movie-filmdb/fixtures`. */
import { loadFixtures, type WorldHints } from '@pdg/core/fixtures';
import { filmdb } from './index.js';

/** How the fixtures connect, for the mock gateway's world: see `WorldHints` in `@pdg/core/fixtures`. */
const world: WorldHints = {
  // Titles (tt…) and people (nm…) share the field name `id`; the endpoints keyed by each take only their kind.
  ids: {
    id: { fields: ['id'], match: /^tt\d+$/ },
    name: { fields: ['id'], match: /^nm\d+$/ },
    filmography: { fields: ['id'], match: /^nm\d+$/ },
  },
  keys: { title: 'id', reviews: 'id', name: 'id', filmography: 'id' },
};

export const fixtures = loadFixtures(filmdb, new URL('../fixtures/', import.meta.url), world);
