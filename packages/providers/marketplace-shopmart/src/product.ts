/** `GET /v1/marketplace:shopmart/product` (document 1, section 4.4). Section 8 gives it no cache time. */
import { stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { productDetail } from './records.js';

export const description = 'One product in detail, by its product page URL.';

export const params = v.strictObject({
  /** Product page URL (the `url` of a search item). */
  url: stringParam(),
});

export const response = productDetail;
