/** A provider README's generated endpoint block: each endpoint's path, cache time, paging and params. */
import type { AnyProvider, EndpointDefinition } from '@pdg/core';
import { acceptsUnknownParams, describeParams, endpointPath, formatSeconds, type ParamInfo } from '@pdg/core/describe';

export { endpointPath, formatSeconds };

export const readmeStart = '<!-- endpoints:start (generated from the definitions: pnpm readme) -->';
export const readmeEnd = '<!-- endpoints:end -->';

/** The markdown endpoint reference of a provider: each endpoint's path, cache, paging and params. */
export function renderEndpoints(provider: AnyProvider): string {
  const sections = Object.entries(provider.endpoints).map(([name, endpoint]) =>
    renderEndpoint(provider.id, name, endpoint),
  );
  return sections.join('\n\n');
}

function renderEndpoint(providerId: string, name: string, endpoint: EndpointDefinition): string {
  const facts = [
    `\`GET ${endpointPath(providerId, endpoint, name)}\``,
    `cache: ${endpoint.cacheSeconds === undefined ? 'not documented' : formatSeconds(endpoint.cacheSeconds)}`,
    `paging: ${
      endpoint.paging === undefined
        ? 'none'
        : `${endpoint.paging.kind === 'page' ? 'page-numbered' : 'cursor'}, items in \`${endpoint.paging.items}\``
    }`,
  ];
  if (endpoint.envelope) facts.push("result: the envelope's `content`");
  const lines = [`### \`${name}\``, '', endpoint.description, '', facts.join(' · '), ''];
  const params = describeParams(endpoint);
  if (endpoint.undocumented) {
    lines.push(
      'The spec names this endpoint without describing it: any params are accepted and the result is `unknown`.',
    );
  } else if (params.length === 0) {
    lines.push('No params.');
  } else {
    lines.push('| param | type | required | default | rule | description |', '|---|---|---|---|---|---|');
    for (const param of params) lines.push(renderParam(param));
    if (acceptsUnknownParams(endpoint)) {
      lines.push('', 'The spec does not list all of its params: others are accepted and sent as given.');
    }
  }
  return lines.join('\n');
}

function renderParam(param: ParamInfo): string {
  const rule: string[] = [];
  if (param.inPath) rule.push('path segment');
  if (param.values)
    rule.push(
      `${param.open ? 'named: ' : ''}${param.values.map((value) => `\`${value}\``).join(', ')}${param.open ? ', others accepted' : ''}`,
    );
  if (param.min !== undefined && param.max !== undefined) rule.push(`${param.min} to ${param.max}`);
  else if (param.min !== undefined) rule.push(`≥ ${param.min}`);
  else if (param.max !== undefined) rule.push(`≤ ${param.max}`);
  if (param.format) rule.push(param.format);
  if (param.hint) rule.push(`usually ${param.hint} (not checked)`);
  if (param.allowsEmpty) rule.push('may be empty');
  const cells = [
    `\`${param.name}\``,
    param.type,
    param.required ? 'yes' : 'no',
    param.default === undefined ? '' : `\`${String(param.default)}\``,
    rule.join('; '),
    param.description.replace(/\s+/g, ' ').replaceAll('|', '\\|'),
  ];
  return `| ${cells.join(' | ')} |`;
}

/** The README with its generated block replaced by the current definitions. */
export function updateReadme(readme: string, provider: AnyProvider): string {
  const start = readme.indexOf(readmeStart);
  const end = readme.indexOf(readmeEnd);
  if (start === -1 || end === -1 || end < start) {
    throw new Error(
      `The README has no generated block: add the lines\n${readmeStart}\n${readmeEnd}\nwhere the endpoint reference goes.`,
    );
  }
  return `${readme.slice(0, start + readmeStart.length)}\n\n${renderEndpoints(provider)}\n\n${readme.slice(end)}`;
}
