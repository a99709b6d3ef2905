/** The text of providers and endpoints that `pdg providers`, `pdg describe` and `--help` print. */
import type { AnyProvider, EndpointDefinition, Fixture } from '@pdg/core';
import { describeParams, endpointPath, formatSeconds, type ParamInfo } from '@pdg/core/describe';

/** `pdg providers`: one line a provider, its id and what it serves. */
export function formatProviders(providers: readonly { readonly id: string; readonly serves: string }[]): string {
  const width = Math.max(...providers.map((provider) => provider.id.length));
  return providers.map((provider) => `${provider.id.padEnd(width)}  ${provider.serves}`).join('\n');
}

/** `pdg describe <provider>`: its endpoints, one line each. */
export function formatProvider(provider: AnyProvider): string {
  const names = Object.keys(provider.endpoints);
  const width = Math.max(...names.map((name) => name.length));
  const lines = [`${provider.id}: ${provider.description}`, ''];
  for (const [name, endpoint] of Object.entries(provider.endpoints))
    lines.push(`  ${name.padEnd(width)}  ${endpoint.description}`);
  lines.push('', `Details: pdg describe ${provider.id} <endpoint>`);
  return lines.join('\n');
}

/**
 * `pdg describe <provider> <endpoint>`: the path, cache, paging and each param, then an example call. With
 * `example` (the params of one of the endpoint's fixtures), the example is one the mock gateway answers.
 */
export function formatEndpoint(
  providerId: string,
  name: string,
  endpoint: EndpointDefinition,
  example?: Readonly<Record<string, unknown>>,
): string {
  const lines = [
    `${providerId} ${name}: ${endpoint.description}`,
    `GET ${endpointPath(providerId, endpoint, name)}`,
    `cache: ${endpoint.cacheSeconds === undefined ? 'not documented' : formatSeconds(endpoint.cacheSeconds)}; paging: ${
      endpoint.paging
        ? `${endpoint.paging.kind === 'page' ? 'page-numbered' : 'cursor'} over "${endpoint.paging.items}" (--all walks it)`
        : 'none'
    }`,
    '',
  ];
  const params = endpoint.undocumented ? [] : describeParams(endpoint);
  if (endpoint.undocumented) {
    lines.push('The spec names this endpoint without describing it: pass any --name value params.');
  } else if (params.length === 0) lines.push('No params.');
  else lines.push('Params:', ...formatParams(params));
  lines.push('');
  if (example) {
    lines.push(`Example (answered offline with --mock): pdg run ${providerId} ${name}${exampleFlags(example)} --mock`);
  } else if (!endpoint.undocumented) {
    lines.push(
      `Example: pdg run ${providerId} ${name}${params
        .filter((param) => param.required)
        .map((param) => ` --${param.name} <${param.type}>`)
        .join('')}`,
    );
  }
  return lines.join('\n');
}

/** Params as flags a shell passes on unchanged: ` --q 'velvet orbit' --limit 3 --remote`. */
export function exampleFlags(params: Readonly<Record<string, unknown>>): string {
  let flags = '';
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (value === true) flags += ` --${name}`;
    else {
      const text = Array.isArray(value) ? value.join(',') : String(value);
      flags += ` --${name} ${/^[\w.,:/@+=-]+$/.test(text) && !text.startsWith('-') ? text : shellQuote(text)}`;
    }
  }
  return flags;
}

const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

export function formatParams(params: readonly ParamInfo[]): string[] {
  const width = Math.max(...params.map((param) => `--${param.name} <${param.type}>`.length));
  return params.map((param) => {
    const rule: string[] = [param.required ? 'required' : 'optional'];
    if (param.inPath) rule.push('path segment');
    if (param.values)
      rule.push(
        `${param.open ? 'named: ' : 'one of '}${param.values.join(', ')}${param.open ? ' (others accepted)' : ''}`,
      );
    if (param.min !== undefined && param.max !== undefined) rule.push(`${param.min} to ${param.max}`);
    else if (param.min !== undefined) rule.push(`at least ${param.min}`);
    else if (param.max !== undefined) rule.push(`at most ${param.max}`);
    if (param.format) rule.push(param.format);
    if (param.hint) rule.push(`usually ${param.hint} (not checked)`);
    if (param.allowsEmpty) rule.push('may be empty');
    if (param.default !== undefined) rule.push(`default ${String(param.default)}`);
    return `  ${`--${param.name} <${param.type}>`.padEnd(width)}  ${param.description.replace(/\s+/g, ' ')} [${rule.join('; ')}]`;
  });
}

/**
 * The params of one of the endpoint's answered fixtures, the first that starts a walk (no page or cursor)
 * where there is one: a call the embedded mock gateway answers.
 */
export function exampleParams(
  fixtures: readonly Fixture[],
  providerId: string,
  endpointName: string,
): Readonly<Record<string, unknown>> | undefined {
  const answered = fixtures.filter(
    (fixture) =>
      fixture.provider === providerId && fixture.endpoint === endpointName && (fixture.status ?? 200) === 200,
  );
  return (answered.find((fixture) => !('page' in fixture.params) && !('cursor' in fixture.params)) ?? answered[0])
    ?.params;
}
