/**
 * Request ids, each its own, in the UUID form gateways send (`x-request-id`). A random UUID per id costs
 * more than the rest of a cached answer's steps; here one random UUID gives the first 20 hex digits
 * (random per process, so two gateways do not repeat each other's ids) and a counter the last 12.
 */
import { randomUUID } from 'node:crypto';

/** The 12 hex digits a UUID ends with hold counts up to 16^12; past it, a new random head. */
const countsPerHead = 16 ** 12;

let head = '';
let count = countsPerHead;

/** The next request id: `xxxxxxxx-xxxx-4xxx-yxxx-` from a random UUID, then 12 hex digits counting up. */
export function nextRequestId(): string {
  if (count >= countsPerHead) {
    head = randomUUID().slice(0, 24);
    count = 0;
  }
  const tail = (count++).toString(16);
  return head + '000000000000'.slice(tail.length) + tail;
}
