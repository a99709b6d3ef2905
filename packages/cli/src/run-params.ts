/** How `pdg run` reads its flags: which are options of run, and which are the endpoint's params. */
import type { EndpointDefinition } from '@pdg/core';
import { acceptsUnknownParams, describeParams } from '@pdg/core/describe';
import { type ParsedArgs, suggestion, UsageError } from './args.js';

/** The flags of `pdg run` that are not params of the endpoint. */
export const runOptions = new Set([
  'all',
  'max-items',
  'max-pages',
  'mock',
  'api-key',
  'base-url',
  'timeout',
  'no-validate',
  'curl',
  'pretty',
  'compact',
  'quiet',
  'cache',
  'redis',
  'rate-limit',
]);

/** Boolean spellings a terminal user types, each read as `true` or `false`. */
const booleanWords: Readonly<Record<string, string>> = {
  true: 'true',
  false: 'false',
  '1': 'true',
  '0': 'false',
  yes: 'true',
  no: 'false',
};

/**
 * The run's param flags, as text: the flags that are not run options. A boolean param given alone is
 * `true`, and its value may be spelt true/false, 1/0 or yes/no; any other param needs a value. On an
 * endpoint with a closed param list, a flag that is neither a param nor an option is refused with the
 * closest names, before anything is sent.
 */
export function paramFlags(
  providerId: string,
  endpointName: string,
  endpoint: EndpointDefinition,
  args: ParsedArgs,
): Record<string, string> {
  const params = new Map(describeParams(endpoint).map((param) => [param.name, param]));
  const raw: Record<string, string> = {};
  for (const [name, value] of args.flags) {
    if (runOptions.has(name)) continue;
    const param = params.get(name);
    if (param === undefined && !acceptsUnknownParams(endpoint)) {
      const candidates = [...params.keys(), ...runOptions];
      const accepted = [...params.keys()].map((known) => `--${known}`).join(', ') || 'none';
      throw new UsageError(
        `--${name} is not a param of ${providerId} ${endpointName} nor an option of run.${suggestion(name, candidates, '--')} Params: ${accepted} (pdg describe ${providerId} ${endpointName}).`,
      );
    }
    if (param?.type === 'boolean') {
      raw[name] = booleanWords[value.toLowerCase()] ?? value;
    } else if (args.bare.has(name)) {
      const type = param ? ` <${param.type}>` : ' <value>';
      throw new UsageError(`--${name} needs a value: --${name}${type}.`);
    } else {
      raw[name] = value;
    }
  }
  return raw;
}
