/** `GET /v1/finance:marketdata/financials` (document 2, section 4.3). */
import { fields, openEnumParam, optional, stringParam } from '@pdg/core/provider';
import * as v from 'valibot';
import { instrument } from './params.js';
import { statementSet } from './records/instrument.js';

export const description =
  "A company's financial statements: income, balance sheet and cash flow, annual and quarterly.";

export const params = v.strictObject({
  /**
   * Instrument name or symbol to resolve, such as `AAPL`. Optional here: the spec does not mark it required
   * for financials (nor says what the gateway answers without it or `pairId`).
   */
  query: optional(stringParam()),
  /** Instrument pair id (from `search` quotes); when given, `query` is not used to resolve the instrument. */
  pairId: instrument.pairId,
  /** Which periods; `both` (annual and quarterly) is accepted, other values are not documented. */
  period: optional(openEnumParam(['both'])),
  /** Which statement; `all` is accepted, other values are not documented. */
  statement: optional(openEnumParam(['all'])),
});

export const response = v.looseObject({
  ...fields({
    /** Number of rows. */
    count: v.pipe(v.number(), v.integer()),
    /** Pair id of the instrument. */
    pairId: v.number(),
    /** Periods (echo). */
    period: v.string(),
    /** Ticker symbol. */
    symbol: v.string(),
    /** A summary of the statements, as text. */
    summary: v.string(),
    /** Upstream provider name. */
    provider: v.string(),
    /** Statement (echo). */
    statement: v.string(),
    /** The statements, by period kind. */
    statements: v.looseObject({
      ...fields({
        /** Annual statements. */
        annual: statementSet,
        /** Quarterly statements (their rows are not described by the spec; read like the annual ones). */
        quarterly: statementSet,
      }),
    }),
  }),
});
