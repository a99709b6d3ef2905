/**
 * `GET /v1/bypass-tools:lockedlink/resolve` (document 1, sections 2.7 and 4.6; cache 2m, section 8).
 * The locker URL is passed as given: the gateway recognises its forms, so none is refused here.
 */
import { record, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';

export const description = 'Resolve a locked link to its destination.';

export const cacheSeconds = 120;

export const params = v.strictObject({
  /**
   * The locked link: a locker URL whose path is `/unlock/<code>` or `/u/<code>`, or the bare code
   * (`https://locker.example.test/unlock/Ab3dE`, `https://locker.example.test/u/Ab3dE`, `Ab3dE`).
   */
  url: stringParam(),
});

export const response = record({
  /** The link's code, from the locker URL or as given. */
  code: v.string(),
  /** The title the locker shows. */
  title: v.string(),
  /** Who made the locked link. */
  creator: v.string(),
  /** The input, as given in `url`. */
  inputUrl: v.string(),
  /** Whether the gateway went through a proxy to resolve it. */
  viaProxy: v.boolean(),
  /** When the link was resolved, ISO 8601. */
  scrapedAt: v.string(),
  /** Where the link leads. */
  destinationUrl: v.string(),
  /** What the locker asks a visitor to do before it opens. */
  requiredActions: v.array(
    record({
      /** The page of the action. */
      url: v.string(),
      /** What to do there (follow, subscribe, visit...). */
      action: v.string(),
      /** The site of the action. */
      platform: v.string(),
    }),
  ),
});
