/** Params several endpoints of health:publichealth share (document 3, section 4.1). */
import { listParam, stringParam } from '@pdg/core/provider';
import type * as v from 'valibot';

/**
 * A dataset id. The spec says only "string" for the param (and that dataset ids are four-part short ids),
 * without their form: the usual form is a hint, and any id is sent as given.
 */
export const datasetIdParam = () => stringParam({ hint: 'a short id such as abcd-1234, from datasets' });

/** A comma-separated list of free values (`'a,b'` or `['a', 'b']`), sent comma-joined. */
export const textList = () => listParam({ open: true });

/** What a list of ids accepts: `'12,34'`, or an array of ids as strings or numbers. */
type IdListInput = string | readonly (string | number)[];

/**
 * A comma-separated list of ids (`'12,34'`, `['12', '34']` or `[12, 34]`), sent as given: the spec types
 * the param as a string and gives the ids no form, so `hint` says the usual one. `listParam` types array
 * items as strings unless its values are published; the numbers it accepts at run time are allowed here.
 */
export const idList = (hint: string) =>
  listParam({ open: true, hint }) as unknown as v.GenericSchema<IdListInput, IdListInput>;
