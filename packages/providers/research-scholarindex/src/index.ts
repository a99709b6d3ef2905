/**
 * research:scholarindex: national scholarly index: documents, journals, publishers.
 * Source of truth: the gateway spec, document 1, sections 1, 2.1, 2.9, 4.8 and 8.
 */
import { defineProvider } from '@pdg/core/provider';
import * as areas from './areas.js';
import * as author from './author.js';
import * as document from './document.js';
import * as documents from './documents.js';
import * as documentsByAbstract from './documents-by-abstract.js';
import * as documentsByDoi from './documents-by-doi.js';
import * as documentsByTitle from './documents-by-title.js';
import * as journal from './journal.js';
import * as journals from './journals.js';
import * as publishers from './publishers.js';

export {
  area,
  documentDetail,
  documentListItem,
  journalListItem,
  publisherListItem,
} from './records.js';

export const scholarindex = defineProvider({
  id: 'research:scholarindex',
  description: 'National scholarly index: documents, journals, publishers.',
  endpoints: {
    areas,
    document,
    'documents-by-abstract': documentsByAbstract,
    'documents-by-doi': documentsByDoi,
    'documents-by-title': documentsByTitle,
    documents,
    journal,
    journals,
    publishers,
    author,
  },
});
