/** `GET /v1/research:scholarindex/document/{documentId}` (document 1, section 4.8). */
import { stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { documentDetail } from './records.js';

export const description = 'One document in detail, with its export links, authors and journal.';

export const pathParam = 'documentId';

export const params = v.strictObject({
  /** Document id, as the listings return it (a string; sent as the path segment). */
  documentId: stringParam(),
});

export const response = documentDetail;
