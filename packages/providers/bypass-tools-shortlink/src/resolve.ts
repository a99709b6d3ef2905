/**
 * `GET /v1/bypass-tools:shortlink/resolve` (document 1, sections 2.7 and 4.6; cache 2m, section 8).
 * The spec does not name its eight short-link hosts, so no host is refused here: the gateway detects it.
 */
import { record, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';

export const description = 'Resolve a short link to its destination.';

export const cacheSeconds = 120;

export const params = v.strictObject({
  /** A short link on one of the eight supported short-link hosts; the host is detected automatically. */
  url: stringParam(),
});

export const response = record({
  /** Whether the link was resolved. */
  ok: v.boolean(),
  /** Whether the gateway had to pass a browser challenge to resolve it. */
  usedFlare: v.boolean(),
  /** The short-link host the gateway detected. */
  sourceHost: v.string(),
  /** The short link, as given. */
  originalUrl: v.string(),
  /** Where the short link leads. */
  destinationUrl: v.string(),
});
