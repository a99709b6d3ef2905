/** `GET /v1/health:publichealth/dataset/{datasetId}` (document 3, section 4.1). */
import * as v from 'valibot';
import { datasetIdParam } from './params.js';
import { datasetMetadata } from './records.js';

export const description = 'A dataset’s metadata: name, owner, columns with their stats, counts and dates.';

export const pathParam = 'datasetId';

export const params = v.strictObject({
  /** Dataset id, as `datasets` gives it, usually a short id such as `abcd-1234` (sent as the path segment). */
  datasetId: datasetIdParam(),
});

export const response = datasetMetadata;
