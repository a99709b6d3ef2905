/**
 * `GET /v1/health:publichealth/datasets` (document 3, section 4.1). Params after `order`, values of
 * `order` after `pageViewsLastWeek`, and the response are not shown: the params are a loose object (other
 * params are sent as given), `order` an open enum, the response unknown.
 */
import { enumParam, openEnumParam, optional, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { textList } from './params.js';

export const description =
  'The catalogue of datasets: search it, and resolve a current dataset id (the only supported way).';

export const params = v.looseObject({
  /** Free text searched across titles, descriptions and columns. */
  query: optional(stringParam()),
  /** Only this asset type; all types when omitted. */
  only: optional(enumParam(['dataset', 'chart', 'map', 'filter', 'href'])),
  /** Categories. */
  categories: optional(textList()),
  /** Tags, as in a dataset's `tags`. */
  tags: optional(textList()),
  /** Sort order; `relevance` is the server default, and values beyond those named exist. */
  order: optional(
    openEnumParam(['relevance', 'name', 'createdAt', 'updatedAt', 'pageViewsLastWeek'], { default: 'relevance' }),
  ),
});

/** The catalogue of datasets: its shape is not shown in the spec. */
export const response = v.unknown();
