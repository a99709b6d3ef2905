/** `premium-index-kline` (document 2, section 4.4): named by the spec, its parameters and response not shown. */
import * as v from 'valibot';

export const description = 'Premium-index candles: named by the spec, its parameters and response not documented.';

export const undocumented = true;

export const params = v.looseObject({});

export const response = v.unknown();
