/** How `pdg run` reads its flags: which are options of run, and which are the endpoint's params. */

import type { EndpointDefinition, PdgIssue } from '@pdg/core';
import { acceptsUnknownParams, describeParams, type ParamInfo } from '@pdg/core/describe';
import { usageError } from '@pdg/core/face';
import { type ParsedArgs, suggestion } from './args.js';
import { flagsOf } from './flags.js';

/** The flags of `pdg run` that are not params of the endpoint. */
export const runOptions: ReadonlySet<string> = new Set(flagsOf('run').map((flag) => flag.name));

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
 * The run's param flags, as text: the flags that are not options of the command (run's, or those given). A boolean param given alone is
 * `true`, and its value may be spelt true/false, 1/0 or yes/no; any other param needs a value. On an
 * endpoint with a closed param list, a flag that is neither a param nor an option is refused with the
 * closest names, before anything is sent.
 */
export function paramFlags(
  providerId: string,
  endpointName: string,
  endpoint: EndpointDefinition,
  args: ParsedArgs,
  { options = runOptions, command = 'run' }: { readonly options?: ReadonlySet<string>; readonly command?: string } = {},
): Record<string, string> {
  const params = new Map(describeParams(endpoint).map((param) => [param.name, param]));
  const raw: Record<string, string> = {};
  for (const [name, value] of args.flags) {
    if (options.has(name)) continue;
    const param = params.get(name);
    if (param === undefined && !acceptsUnknownParams(endpoint)) {
      const candidates = [...params.keys(), ...options];
      const accepted = [...params.keys()].map((known) => `--${known}`).join(', ') || 'none';
      throw usageError(
        `--${name} is not a param of ${providerId} ${endpointName} nor an option of ${command}.${suggestion(name, candidates, '--')} Params: ${accepted} (pdg describe ${providerId} ${endpointName}).`,
      );
    }
    if (param?.type === 'boolean') {
      raw[name] = booleanWords[value.toLowerCase()] ?? value;
    } else if (args.bare.has(name)) {
      const type = param ? ` <${param.type}>` : ' <value>';
      throw usageError(`--${name} needs a value: --${name}${type}.`);
    } else {
      raw[name] = value;
    }
  }
  return raw;
}

/**
 * What a refused param flag must be, in a terminal's words: a boolean's spellings, and for a number given
 * as text that is not one, an example to copy (`--limit must be a number (a whole number from 0 to 100),
 * such as --limit 20 (received "fifty")`). Any other rule as the client words it.
 */
export function flagRule(issue: PdgIssue, param: ParamInfo | undefined): string {
  const received = / \(received .*\)$/.exec(issue.message)?.[0] ?? '';
  if (param?.type === 'boolean')
    return `must be true or false, 1 or 0, yes or no, or the flag alone for true${received}`;
  // A number flag reaches validation as text only when it is not a number (see paramsFromStrings).
  if ((param?.type === 'integer' || param?.type === 'number') && received.startsWith(' (received "')) {
    const kind = param.type === 'integer' ? 'a whole number' : 'a number';
    const bounds =
      param.min !== undefined && param.max !== undefined
        ? ` from ${param.min} to ${param.max}`
        : param.min !== undefined
          ? ` of at least ${param.min}`
          : param.max !== undefined
            ? ` of at most ${param.max}`
            : '';
    const example = typeof param.default === 'number' ? param.default : (param.min ?? param.max ?? 1);
    const detail = bounds === '' && param.type === 'number' ? '' : ` (${kind}${bounds})`;
    return `must be a number${detail}, such as --${param.name} ${example}${received}`;
  }
  return issue.message;
}
