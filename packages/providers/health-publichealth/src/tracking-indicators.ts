/** `tracking-indicators` (document 3, section 4.1): named by the spec, its parameters and response not shown. */
import * as v from 'valibot';

export const description =
  'Tracking indicators endpoint: named by the spec, its parameters and response not documented.';

export const undocumented = true;

export const params = v.looseObject({});

export const response = v.unknown();
