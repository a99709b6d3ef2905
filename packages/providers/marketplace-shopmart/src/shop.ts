/** `GET /v1/marketplace:shopmart/shop` (document 1, section 4.4). Section 8 gives it no cache time. */
import { stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { shopDetail } from './records.js';

export const description = 'One shop profile, by shop domain name or shop URL.';

export const params = v.strictObject({
  /** Shop domain name (such as `lantern-goods`) or shop URL (the `shop.url` of a search item or product). */
  shop: stringParam(),
});

export const response = shopDetail;
