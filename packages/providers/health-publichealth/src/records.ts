/**
 * The records of health:publichealth (document 3, section 2.1).
 *
 * Where the spec gives a type (`mediaId` and `topicId` numbers, `isTopSyndicated` and the dataset flags
 * booleans, timestamps, `tags` as strings) it is used. Where it gives none: counts, sizes and ratings are
 * numbers; ids other than `mediaId` and `topicId` are numbers or strings (the spec types neither); the
 * values a column's stats report (`largest`, `smallest`, a top value) are strings or numbers, whatever the
 * column holds; the rest is text.
 */
import { fields, record } from '@pdg/core/provider';
import * as v from 'valibot';

/** An id the spec does not type: a number or a string. */
const looseId = v.union([v.number(), v.string()]);

/** Media type: one kind of content (a page, a video, an infographic...) in content-media-types. */
export const mediaType = record({
  /** Media type name: a value of content-search's `mediaType`. */
  name: v.string(),
  /** Number of media items of this type. */
  mediaCount: v.number(),
  /** What the media type is. */
  description: v.string(),
  /** Position of the media type in display order. */
  displayOrder: v.number(),
});

const topicFields = {
  /** Topic name. */
  name: v.string(),
  /** Topic id: a value of content-search's `topicId`. */
  topicId: v.number(),
  /**
   * Language of the topic. The spec does not give its form: a display name such as `English`, or an
   * object like a media item's `language`; both are accepted.
   */
  language: v.union([
    v.string(),
    record({
      /** Language name, such as `English`. */
      name: v.string(),
      /** ISO 639 code. */
      isoCode: v.string(),
      /** Second ISO 639 code. */
      isoCode2: v.string(),
    }),
  ]),
  /** Number of child topics. */
  childCount: v.number(),
  /** Number of media items in the topic. */
  mediaCount: v.number(),
  /** What the topic covers. */
  description: v.string(),
  /** Position of the topic in display order. */
  displayOrder: v.number(),
};

/** A child topic: the same fields as a topic, without further `children` (one nesting level only). */
export const childTopic = record(topicFields);

/** Topic: one entry of content-topics, with its child topics. */
export const topic = record({
  ...topicFields,
  /** Child topics, one nesting level only. */
  children: v.array(childTopic),
});

/** Tag: a subject attached to a media item. */
export const mediaTag = record({
  /** Tag id. */
  id: looseId,
  /** Tag name. */
  name: v.string(),
  /** Tag type (what kind of subject the tag names). */
  type: v.string(),
  /** Language of the tag. */
  language: v.string(),
});

/** Alternate image: another picture of a media item. */
export const alternateImage = record({
  /** Image id. */
  id: looseId,
  /** Image URL. */
  url: v.string(),
  /** Image name. */
  name: v.string(),
  /** Image type. */
  type: v.string(),
  /** Width in pixels. */
  width: v.number(),
  /** Height in pixels. */
  height: v.number(),
});

/** The fields of a media item, all optional, apart from `mediaId`. */
const mediaItemFields = {
  /** Item title: what content-search's `name` matches as a whole. */
  name: v.string(),
  /** Media type name, one of content-media-types. */
  mediaType: v.string(),
  /** Publication status; `Published` appears. */
  status: v.string(),
  /** Author of the item. */
  author: v.string(),
  /** What the item is about. */
  description: v.string(),
  /** Number of pages. */
  pageCount: v.number(),
  /** Number of child items. */
  childCount: v.number(),
  /** Number of parent items. */
  parentCount: v.number(),
  /** Whether the item is among the top syndicated items. */
  isTopSyndicated: v.boolean(),
  /** Tags: the subjects of the item. */
  tags: v.array(mediaTag),
  /** Where the item comes from. */
  source: record({
    /** Source name. */
    name: v.string(),
    /** Source acronym. */
    acronym: v.string(),
  }),
  /** Language of the item. */
  language: record({
    /** Language name, such as `English`. */
    name: v.string(),
    /** ISO 639 code. */
    isoCode: v.string(),
    /** Second ISO 639 code. */
    isoCode2: v.string(),
  }),
  /** Id of the organisation that owns the item. */
  owningOrgId: looseId,
  /** Name of the organisation that owns the item. */
  owningOrgName: v.string(),
  /** Id of the organisation that maintains the item. */
  maintainingOrgId: looseId,
  /** Name of the organisation that maintains the item. */
  maintainingOrgName: v.string(),
  /** URL of the item in the upstream API. */
  apiUrl: v.string(),
  /** URL to embed the item. */
  embedUrl: v.string(),
  /** URL of the item's content. */
  contentUrl: v.string(),
  /** URL of the item at its source. */
  sourceUrl: v.string(),
  /** URL the item points to. */
  targetUrl: v.string(),
  /** URL of the syndicated item; with `attribution` it makes the item legally reusable. */
  syndicateUrl: v.string(),
  /** Thumbnail image URL. */
  thumbnailUrl: v.string(),
  /** Permanent URL of the item. */
  persistentUrl: v.string(),
  /** Token of the permanent URL. */
  persistentUrlToken: v.string(),
  /** Markup that embeds the item (a markup string). */
  embedCode: v.string(),
  /** Attribution markup (a markup string); with `syndicateUrl` it makes the item legally reusable. */
  attribution: v.string(),
  /** Other images of the item. */
  alternateImages: v.array(alternateImage),
  /** When the item was last updated, an ISO 8601 timestamp. */
  updatedAt: v.string(),
  /** When the item was published, an ISO 8601 timestamp. */
  publishedAt: v.string(),
  /** When the item's content was last updated, an ISO 8601 timestamp. */
  contentUpdatedAt: v.string(),
  /** When the item's content was authored, an ISO 8601 timestamp. */
  contentAuthoredAt: v.string(),
  /** When the item's content was last reviewed, an ISO 8601 timestamp. */
  contentReviewedAt: v.string(),
  /** When the item's syndication was last updated, an ISO 8601 timestamp. */
  syndicationUpdatedAt: v.string(),
  /** When the item became visible for syndication, an ISO 8601 timestamp. */
  syndicationVisibleAt: v.string(),
  /** When the item was last captured for syndication, an ISO 8601 timestamp. */
  syndicationCapturedAt: v.string(),
};

/**
 * Media item: one piece of content (search results and detail carry all of the upstream's 60 fields;
 * the spec names those below, the others pass through).
 */
export const mediaItem = record({
  /** Media id: the `mediaId` of content. */
  mediaId: v.number(),
  ...mediaItemFields,
});

/** A found media item, as content/{mediaId} returns it: a media item whose `mediaId` is present. */
export const foundMediaItem = v.looseObject({
  /** Media id: the `mediaId` of content. */
  mediaId: v.number(),
  ...fields(mediaItemFields),
});

/**
 * An empty result: how content/{mediaId} answers an unknown or retired media id (HTTP 200, `{}`).
 * It carries no `mediaId`; any other field the gateway adds passes through.
 */
export const emptyResult = v.looseObject(
  fields({
    /** Never present in an empty result. */
    mediaId: v.never(),
  }),
);

/** An empty result set (`{ "items": [], "count": 0 }`): another form of the not-found answer of content/{mediaId}. */
export const emptyResultSet = v.looseObject({
  /** No items. */
  items: v.tuple([]),
  ...fields({
    /** Number of items: 0. */
    count: v.literal(0),
  }),
});

/**
 * A geocode column's value in a dataset row: `{ type, coordinates: [longitude, latitude] }`. Use it in
 * the row schema you give `parseRows`.
 */
export const geoPoint = v.looseObject({
  /** Geometry type, such as `Point`. */
  type: v.string(),
  /** Longitude, then latitude. */
  coordinates: v.tuple([v.number(), v.number()]),
});

/** A dataset row: keys from the dataset's own columns (camelCased); no fixed shape. Read it with `parseRows`. */
export const datasetRow = v.record(v.string(), v.unknown());

/** Owner or author of a dataset. Person names are personal data. */
export const datasetUser = record({
  /** User id. */
  id: v.string(),
  /** Display name (personal data). */
  name: v.string(),
  /** Kind of account. */
  type: v.string(),
  /** Screen name (personal data). */
  screenName: v.string(),
});

/** A dataset timestamp: the spec does not give its form, so an ISO 8601 string or epoch seconds. */
const timestamp = v.union([v.string(), v.number()]);

/** A column's value in its stats: a string or a number, whatever the column holds. */
const columnValue = v.union([v.string(), v.number()]);

/** A column of a dataset, with its stats. */
export const datasetColumn = record({
  /** Column id. */
  id: looseId,
  /** Column name, as shown. */
  name: v.string(),
  /** Data type of the column's values. */
  dataType: v.string(),
  /** How the column is rendered. */
  renderType: v.string(),
  /** Field name of the column (a row key, camelCased in dataset-rows). */
  fieldName: v.string(),
  /** Position of the column. */
  position: v.number(),
  /** Statistics of the column's values. */
  stats: record({
    /** Number of values. */
    count: v.pipe(v.number(), v.integer()),
    /** Largest value. */
    largest: columnValue,
    /** Number of non-null values. */
    nonNull: v.number(),
    /** Smallest value. */
    smallest: columnValue,
    /** Number of null values. */
    nullCount: v.number(),
    /** The most frequent values, with their counts. */
    topValues: v.array(
      record({
        /** How often the value occurs. */
        count: v.pipe(v.number(), v.integer()),
        /** The value. */
        value: columnValue,
      }),
    ),
    /** Number of distinct values. */
    cardinality: v.number(),
  }),
});

/** Dataset metadata: what dataset/{datasetId} returns. */
export const datasetMetadata = record({
  /** Dataset name. */
  name: v.string(),
  /** Dataset id, a four-part short id such as `abcd-1234`. */
  datasetId: v.string(),
  /** What the dataset holds. */
  description: v.string(),
  /** Catalogue category. */
  category: v.string(),
  /** Tags: values of datasets' `tags`. */
  tags: v.array(v.string()),
  /** Owner of the dataset. */
  owner: datasetUser,
  /** Author of the dataset. */
  author: datasetUser,
  /** Whether the dataset is locked. */
  locked: v.boolean(),
  /** Whether the dataset is public. */
  isPublic: v.boolean(),
  /** Whether the dataset is hidden from the catalogue. */
  hideFromCatalog: v.boolean(),
  /** Rights granted on the dataset. */
  rights: v.array(v.string()),
  /** The dataset's columns, with their stats. */
  columns: v.array(datasetColumn),
  /** Number of columns. */
  columnCount: v.number(),
  /** URL of the dataset's rows. */
  rowsUrl: v.string(),
  /** Permanent URL of the dataset page. */
  permalink: v.string(),
  /** View type. */
  viewType: v.string(),
  /** Asset type (dataset, chart, map, filter, href). */
  assetType: v.string(),
  /** Display type. */
  displayType: v.string(),
  /** Provenance (where the dataset comes from). */
  provenance: v.string(),
  /** Attribution: who to credit. */
  attribution: v.string(),
  /** Publication stage; `published` appears. */
  publicationStage: v.string(),
  /** Number of views. */
  viewCount: v.number(),
  /** Number of downloads. */
  downloadCount: v.number(),
  /** Number of ratings. */
  ratingCount: v.number(),
  /** Number of comments. */
  commentCount: v.number(),
  /** Average rating. */
  averageRating: v.number(),
  /** When the dataset was created: an ISO 8601 string (epoch seconds accepted too; the spec gives no form). */
  createdAt: timestamp,
  /** When the dataset was published: an ISO 8601 string (epoch seconds accepted too; the spec gives no form). */
  publishedAt: timestamp,
  /** When the rows were last updated: an ISO 8601 string (epoch seconds accepted too; the spec gives no form). */
  rowsUpdatedAt: timestamp,
  /** When the metadata was last updated: an ISO 8601 string (epoch seconds accepted too; the spec gives no form). */
  metadataUpdatedAt: timestamp,
  /** Id of the column that identifies rows. */
  rowIdentifierColumnId: looseId,
  /**
   * Custom fields: an object of groups of key-value pairs (may hold contact names and addresses,
   * which are personal data). Kept open.
   */
  customFields: v.record(v.string(), v.unknown()),
  /** The provider's short name. */
  provider: v.string(),
});
