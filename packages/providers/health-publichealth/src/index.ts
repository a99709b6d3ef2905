/**
 * health:publichealth: public-health content (media items, topics, media types) and datasets (catalogue,
 * metadata, rows, counts).
 * Source of truth: the gateway spec, document 1, sections 2.1 and 8, and document 3, sections 2.1 and 4.1.
 */
import { defineProvider } from '@pdg/core/provider';
import * as content from './content.js';
import * as contentMediaTypes from './content-media-types.js';
import * as contentSearch from './content-search.js';
import * as contentTopics from './content-topics.js';
import * as dataset from './dataset.js';
import * as datasetCount from './dataset-count.js';
import * as datasetRows from './dataset-rows.js';
import * as datasets from './datasets.js';
import * as mortalityQuery from './mortality-query.js';
import * as trackingContentAreas from './tracking-content-areas.js';
import * as trackingIndicators from './tracking-indicators.js';
import * as trackingMeasures from './tracking-measures.js';

export * from './helpers.js';
export * from './records.js';

export const publichealth = defineProvider({
  id: 'health:publichealth',
  description: 'Public-health content (media items, topics, media types) and datasets (catalogue, metadata, rows).',
  endpoints: {
    'content-media-types': contentMediaTypes,
    'content-search': contentSearch,
    'content-topics': contentTopics,
    content,
    'dataset-count': datasetCount,
    'dataset-rows': datasetRows,
    dataset,
    datasets,
    'mortality-query': mortalityQuery,
    'tracking-content-areas': trackingContentAreas,
    'tracking-indicators': trackingIndicators,
    'tracking-measures': trackingMeasures,
  },
});
