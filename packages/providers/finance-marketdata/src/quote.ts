/** `GET /v1/finance:marketdata/quote` (document 2, section 4.3). */
import * as v from 'valibot';
import { instrument } from './params.js';
import { quote } from './records/instrument.js';

export const description = "An instrument's quote: last price, day and 52-week ranges and key figures.";

export const params = v.strictObject({ ...instrument });

export const response = quote;
