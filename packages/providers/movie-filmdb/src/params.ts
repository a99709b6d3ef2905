/** Params several filmdb endpoints share (document 3, section 4.3). */
import { integerParam, optional, stringParam } from '@pdg/core';

/**
 * A title id, `tt` followed by digits, or a full title URL (`https://…/title/tt0111161/`), as the `id`
 * path param accepts both.
 */
export const titleId = () =>
  stringParam({
    pattern: /^(tt\d+|https?:\/\/[^\s/]+(\/[^\s/]+)*\/title\/tt\d+(\/\S*)?)$/,
    patternMessage: 'must be a title id (tt followed by digits, such as tt0111161) or a full title URL',
  });

/** Page number, 1 to `max` (the gateway's last page). */
export const page = (max: number) => optional(integerParam({ min: 1, max, default: 1 }));

/** Results per page, 1 to 50. */
export const count = () => optional(integerParam({ min: 1, max: 50, default: 25 }));

/** How many rows to return, 1 to `max`. */
export const limit = (max: number, defaultLimit: number) =>
  optional(integerParam({ min: 1, max, default: defaultLimit }));
