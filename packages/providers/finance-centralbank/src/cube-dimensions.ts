/** `GET /v1/finance:centralbank/cube-dimensions` (document 2, section 4.1; cache 1 day, document 1, section 8). */
import { fields } from '@pdg/core/provider';
import * as v from 'valibot';
import { cube, lang } from './params.js';
import { dimensionNode } from './records.js';

export const description = "A data cube's dimension tree: the nodes and item codes its series are selected by.";

export const cacheSeconds = 86_400;

export const params = v.strictObject({
  /** Cube id, such as `swissoffzisa`, `zirepo`, `zimoma`, `rendoblim` or `devkum`. */
  cube: cube(),
  /** Language of the node names: `en`, `de`, `fr` or `it`. */
  lang: lang(),
});

export const response = v.looseObject({
  /** The dimension nodes, root first. */
  items: v.array(dimensionNode),
  ...fields({
    /** The cube id (echo). */
    cube: v.string(),
    /** The language (echo). */
    lang: v.string(),
    /** Number of nodes returned. */
    count: v.pipe(v.number(), v.integer()),
    /** Number of leaf nodes (series). */
    leaves: v.pipe(v.number(), v.integer()),
    /** Dataset name. */
    dataset: v.string(),
    /** Upstream provider name. */
    provider: v.string(),
  }),
});
