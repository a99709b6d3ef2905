/** `author` (document 1, section 4.8): named by the spec, its parameters and response not shown. */
import * as v from 'valibot';

export const description = 'Author endpoint: named by the spec, its parameters and response not documented.';

export const undocumented = true;

export const params = v.looseObject({});

export const response = v.unknown();
