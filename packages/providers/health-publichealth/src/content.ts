/** `GET /v1/health:publichealth/content/{mediaId}` (document 3, section 4.1). */
import { integerParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { emptyResult, emptyResultSet, foundMediaItem } from './records.js';

export const description =
  'One media item by id; an unknown or retired id answers HTTP 200 with an empty result, not 404 (test it with `isFound`).';

export const pathParam = 'mediaId';

export const params = v.strictObject({
  /** Media id, a number from content-search (sent as the path segment). */
  mediaId: integerParam(),
});

/** A media item, or an empty result when the id is unknown or retired: the body as sent, not transformed. */
export const response = v.union([foundMediaItem, emptyResultSet, emptyResult]);
