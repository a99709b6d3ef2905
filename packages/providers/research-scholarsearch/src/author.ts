/** `author` (document 1, section 4.9): named by the spec, its parameters and response not shown. */
import * as v from 'valibot';

export const description =
  'Author profile (citations, h-index, publication list): its parameters and response are not documented.';

export const undocumented = true;

export const params = v.looseObject({});

export const response = v.unknown();
