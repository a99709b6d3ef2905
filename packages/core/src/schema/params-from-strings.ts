import type { EndpointDefinition } from '../contract/contract.js';
import { describeParams } from './describe.js';

/**
 * Params typed from their string form (a query string, command-line flags): numbers and booleans are
 * converted where the schema says so; anything that does not convert is kept as given, so validation
 * reports it with the value the user typed.
 */
export function paramsFromStrings(
  endpoint: EndpointDefinition,
  raw: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const types = new Map(describeParams(endpoint).map((param) => [param.name, param.type]));
  const params: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(raw)) {
    const type = types.get(name);
    if ((type === 'integer' || type === 'number') && text.trim() !== '' && Number.isFinite(Number(text))) {
      params[name] = Number(text);
    } else if (type === 'boolean' && (text === 'true' || text === 'false')) {
      params[name] = text === 'true';
    } else {
      params[name] = text;
    }
  }
  return params;
}
