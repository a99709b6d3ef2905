/** `search` (document 1, section 4.3): named by the spec, its parameters and response not shown. */
import * as v from 'valibot';

export const description =
  'Keyword search over the listing set with education, work-arrangement and experience filters.';

export const undocumented = true;

export const params = v.looseObject({});

export const response = v.unknown();
