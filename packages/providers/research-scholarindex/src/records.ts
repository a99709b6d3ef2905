/**
 * The scholarly index's records (document 1, section 2.9) and the page fields its listings share
 * (section 2.1, "Page object").
 *
 * The spec gives types for some fields only. Ids the endpoints take as path params (`documentId`,
 * `journalId`) are strings, as the paths take them, so an id from one response opens another. `authorId`
 * and `publisherId` have no documented type and no endpoint takes them: a string or a number is accepted.
 * `copyrightYear` has no documented type either: a number or a string. The rest is text unless the spec
 * says otherwise.
 */
import { fields, pageOf, record } from '@pdg/core/provider';
import * as v from 'valibot';

/** A subject area. */
export const area = record({
  /** Area name. */
  name: v.string(),
  /** Area id. */
  areaId: v.string(),
});

/** An id whose type the spec does not give: a string or a number. */
const untypedId = v.union([v.string(), v.number()]);

const documentListFields = {
  /** The document's DOI, or null. */
  doi: v.string(),
  /** Publication year. */
  year: v.number(),
  /** Issue. */
  issue: v.string(),
  /** Volume. */
  volume: v.string(),
  /** Document title. */
  title: v.string(),
  /** The authors. */
  authors: v.array(
    record({
      /** Author name. */
      name: v.string(),
      /** Author id. Its type is not documented: a string or a number. */
      authorId: untypedId,
    }),
  ),
  /** Abstract, truncated. */
  abstract: v.string(),
  /** Publisher name. */
  publisher: v.string(),
  /** The document's page at its source (the journal's site). */
  sourceUrl: v.string(),
  /** Document id: the `documentId` of `document`. */
  documentId: v.string(),
  /** The document's page on the index. */
  scholarUrl: v.string(),
  /** Publisher PDF link. */
  downloadUrl: v.string(),
  /** Title of the journal the document appeared in. */
  journalTitle: v.string(),
};

/** Document list item: one document in the document listings and a journal's documents. */
export const documentListItem = record(documentListFields);

/** Document detail: the list item's fields, export links, the authors' affiliations and the journal. */
export const documentDetail = record({
  ...documentListFields,
  /** The authors, with their affiliations. */
  authors: v.array(
    record({
      /** Author name. */
      name: v.string(),
      /** Author id. Its type is not documented: a string or a number. */
      authorId: untypedId,
      /** The author's affiliation, or null. */
      affiliation: v.string(),
    }),
  ),
  /** Citation export link, RIS format. */
  risUrl: v.string(),
  /** Citation export link, BibTeX format. */
  bibtexUrl: v.string(),
  /** Issue label as displayed. */
  issueLabel: v.string(),
  /** Publication date, a display date string (not ISO 8601). */
  publishDate: v.string(),
  /** Copyright year. Its type is not documented: a number or a string. */
  copyrightYear: v.union([v.number(), v.string()]),
  /** The provider's short name. */
  provider: v.string(),
  /** The journal the document appeared in. */
  journal: record({
    /** The journal's subject areas. */
    areas: v.array(area),
    /** Journal title. */
    title: v.string(),
    /** Journal abbreviation. */
    abbrev: v.string(),
    /** Journal website. */
    website: v.string(),
    /** Journal id: the `journalId` of `journal`. */
    journalId: v.string(),
    /** Publisher name. */
    publisher: v.string(),
    /** Journal description. */
    description: v.string(),
    /** Publisher id. Its type is not documented: a string or a number. */
    publisherId: untypedId,
  }),
});

/** Journal detail fields (the `journal` endpoint adds the page fields and the journal's documents). */
export const journalFields = fields({
  /** Print ISSN, or null. */
  issn: v.string(),
  /** Electronic ISSN. */
  eissn: v.string(),
  /** The journal's subject areas. */
  areas: v.array(area),
  /** Journal title. */
  title: v.string(),
  /** Journal abbreviation. */
  abbrev: v.string(),
  /** The journal's OAI-PMH endpoint URL. */
  oaiUrl: v.string(),
  /** Journal website. */
  website: v.string(),
  /** Cover image URL. */
  coverUrl: v.string(),
  /** The journal's DOI prefix. */
  doiPrefix: v.string(),
  /** Journal id. */
  journalId: v.string(),
  /** Publisher name. */
  publisher: v.string(),
  /** Core subject. */
  coreSubject: v.string(),
  /** Journal description. */
  description: v.string(),
  /** Arjuna (accreditation) subject. */
  arjunaSubject: v.string(),
});

/** Journal list item: one journal in `journals`. */
export const journalListItem = record({
  /** Print ISSN, or null. */
  issn: v.string(),
  /** Electronic ISSN. */
  eissn: v.string(),
  /** Journal type. */
  type: v.string(),
  /** The journal's subject areas. */
  areas: v.array(area),
  /** Journal title. */
  title: v.string(),
  /** Cover image URL. */
  coverUrl: v.string(),
  /** Journal id: the `journalId` of `journal`. */
  journalId: v.string(),
  /** Publisher name. */
  publisher: v.string(),
});

/** Publisher list item: one publisher in `publishers`. */
export const publisherListItem = record({
  /** Publisher name. */
  name: v.string(),
  /** Publisher abbreviation. */
  abbrev: v.string(),
  /** Logo image URL. */
  logoUrl: v.string(),
  /** Publisher website. */
  website: v.string(),
  /** Publisher id. Its type is not documented: a string or a number. */
  publisherId: untypedId,
  /** Number of the publisher's journals. */
  journalCount: v.number(),
});

/**
 * The page object's fields besides `page`, `hasMore`, `nextPage` and the items, which `pageOf` gives
 * (section 2.1). `count` is always there; the rest may be null or absent.
 */
export const pageFields = {
  /** Number of items on this page. */
  count: v.pipe(v.number(), v.integer()),
  ...fields({
    /** Page size used (10 in the documented responses). */
    limit: v.pipe(v.number(), v.integer()),
    /** Total number of matches, or null. */
    total: v.pipe(v.number(), v.integer()),
    /** Number of pages, where the gateway gives it. */
    totalPages: v.pipe(v.number(), v.integer()),
    /** The provider's short name. */
    provider: v.string(),
  }),
};

/**
 * The page object of document list items that `documents-by-abstract`, `documents-by-doi` and
 * `documents-by-title` answer with: each module re-exports it (`export const { paging, response } = documentPage`).
 */
export const documentPage = pageOf('items', documentListItem, {
  ...pageFields,
  ...fields({
    /** The `query` param, echoed. */
    query: v.string(),
  }),
});
