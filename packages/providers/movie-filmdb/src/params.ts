/** Params several filmdb endpoints share (document 3, section 4.3). */
import { integerParam, optional, stringParam } from '@pdg/core/provider';

/**
 * A title id or a full title URL, as the `id` path param accepts both. The spec gives title ids the form
 * `tt` followed by digits but does not show the form of a full title URL, so no form is refused: the usual
 * one is a hint, and the id is sent as given.
 */
export const titleId = () => stringParam({ hint: 'tt followed by digits (such as tt0111161), or a full title URL' });

/** Page number, 1-based, up to `max` (the gateway's last page). */
export const page = (max: number) => optional(integerParam({ min: 1, max, default: 1 }));

/** Results per page: a count, so 0 or more, at most 50. */
export const count = () => optional(integerParam({ min: 0, max: 50, default: 25 }));

/** How many rows to return: a count, so 0 or more, at most `max`. */
export const limit = (max: number, defaultLimit: number) =>
  optional(integerParam({ min: 0, max, default: defaultLimit }));
