import * as v from 'valibot';

/**
 * A figure the spec lists without a type (an EPS forecast, a release's actual value): the gateway may
 * send it as a number or as formatted text (`"1.2%"`), so both are accepted and kept as sent.
 */
export const figure = v.union([v.number(), v.string()]);
