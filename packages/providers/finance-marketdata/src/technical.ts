/** `GET /v1/finance:marketdata/technical` (document 2, section 4.3). */
import { openEnumParam, optional } from '@pdg/core/provider';
import * as v from 'valibot';
import { instrument } from './params.js';
import { technicalSummary } from './records/instrument.js';

export const description =
  "An instrument's technical summary: indicators, oscillators, moving averages and pivot points.";

export const params = v.strictObject({
  ...instrument,
  /** Timeframe of the summary; `1d` is accepted, other values are not documented. */
  timeframe: optional(openEnumParam(['1d'])),
});

export const response = technicalSummary;
