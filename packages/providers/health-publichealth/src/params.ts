/** Params several endpoints of health:publichealth share (document 3, section 4.1). */
import { listParam, stringParam } from '@pdg/core';
import type * as v from 'valibot';

/** A dataset's four-part short id, `abcd-1234`: other forms are refused before sending. */
export const datasetIdParam = () =>
  stringParam({
    pattern: /^[a-z0-9]{4}-[a-z0-9]{4}$/,
    patternMessage:
      'must be a four-part short dataset id of the form xxxx-xxxx (lowercase letters or digits), such as abcd-1234',
  });

/** What a list of numeric ids accepts: `'12,34'`, or an array of ids as strings or numbers. */
type NumericIdListInput = string | readonly (string | number)[];

/**
 * A comma-separated list of numeric ids (`'12,34'`, `['12', '34']` or `[12, 34]`), each item checked to
 * be digits before sending. `listParam` types array items as strings unless its values are published;
 * the numbers it accepts at run time are allowed in the type here.
 */
export const numericIdList = (patternMessage: string) =>
  listParam({ pattern: /^\d+$/, patternMessage }) as unknown as v.GenericSchema<NumericIdListInput, NumericIdListInput>;

/** A comma-separated list of free values (`'a,b'` or `['a', 'b']`), sent comma-joined. */
export const textList = () => listParam({ open: true });
