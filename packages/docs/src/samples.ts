/**
 * Each operation's code samples (OpenAPI's `x-codeSamples`): the call in the SDK (`pdg.run`, and
 * `pdg.items` for paged endpoints), the same call as a `pdg run` line, and as curl with the key in
 * `$PDG_API_KEY`. All of them make the same request, from the same example params.
 */
import { buildUrl, type EndpointDefinition, validateParams } from '@pdg/core';
import { describeParams } from '@pdg/core/describe';

/** One entry of `x-codeSamples`, as OpenAPI renderers read it. */
export interface CodeSample {
  readonly lang: string;
  readonly label: string;
  readonly source: string;
}

export interface SampleCall {
  readonly providerId: string;
  readonly endpointName: string;
  readonly endpoint: EndpointDefinition;
  /** The params of a call the gateway answers (a fixture's); without them, placeholders for the required ones. */
  readonly params?: Readonly<Record<string, unknown>>;
}

/** How many items the `pdg.items` and `--all` samples stop at: a walk in a sample should end. */
const sampleMaxItems = 100;

/** The code samples of one operation, in the order a reader meets them: SDK, walk, CLI, curl. */
export function codeSamples(call: SampleCall): CodeSample[] {
  const params = call.params ?? placeholderParams(call.endpoint);
  const samples: CodeSample[] = [{ lang: 'typescript', label: 'pdg.run', source: runSample(call, params) }];
  if (call.endpoint.paging) samples.push({ lang: 'typescript', label: 'pdg.items', source: itemsSample(call, params) });
  samples.push({ lang: 'shell', label: 'pdg CLI', source: cliSample(call, params) });
  samples.push({ lang: 'shell', label: 'curl', source: curlSample(call, params) });
  return samples;
}

/**
 * The package and export a provider comes from, by the naming rule every pdg provider follows:
 * `music:catalogstore` is `catalogstore` from `@pdg/music-catalogstore`, `finance:crypto-price` is
 * `cryptoPrice` from `@pdg/finance-crypto-price`.
 */
export function providerImport(providerId: string): { packageName: string; exportName: string } {
  const [, provider = providerId] = providerId.split(':');
  return {
    packageName: `@pdg/${providerId.replace(':', '-')}`,
    exportName: provider.replace(/[^A-Za-z0-9]+([A-Za-z0-9])/g, (_, letter: string) => letter.toUpperCase()),
  };
}

function clientSetup(providerId: string): string {
  const { packageName, exportName } = providerImport(providerId);
  return [
    "import { createClient } from '@pdg/core';",
    `import { ${exportName} } from '${packageName}';`,
    '',
    '// PDG_API_KEY and PDG_BASE_URL from the environment',
    `const pdg = createClient({ providers: [${exportName}] });`,
  ].join('\n');
}

function runSample({ providerId, endpointName }: SampleCall, params: Readonly<Record<string, unknown>>): string {
  const args = [quote(providerId), quote(endpointName)];
  if (Object.keys(params).length > 0) args.push(objectLiteral(params));
  return `${clientSetup(providerId)}\n\nconst result = await pdg.run(${args.join(', ')});\nconsole.log(result);`;
}

function itemsSample(call: SampleCall, params: Readonly<Record<string, unknown>>): string {
  // A walk starts at the first page: the page or cursor of the example is left out.
  const { page: _page, cursor: _cursor, ...start } = params;
  const items = call.endpoint.paging?.items ?? 'items';
  const args = [
    quote(call.providerId),
    quote(call.endpointName),
    objectLiteral(start),
    `{ maxItems: ${sampleMaxItems} }`,
  ];
  return [
    clientSetup(call.providerId),
    '',
    `// Page after page, one page in memory at a time: each element of \`${items}\`.`,
    `for await (const item of pdg.items(${args.join(', ')})) {`,
    '  console.log(item);',
    '}',
  ].join('\n');
}

function cliSample(call: SampleCall, params: Readonly<Record<string, unknown>>): string {
  const line = `pdg run ${call.providerId} ${call.endpointName}${flags(params)}`;
  if (!call.endpoint.paging) return line;
  const { page: _page, cursor: _cursor, ...start } = params;
  return [
    line,
    '# Every page, one item a line (NDJSON):',
    `pdg run ${call.providerId} ${call.endpointName}${flags(start)} --all --max-items ${sampleMaxItems}`,
  ].join('\n');
}

/** The call as core's pipeline steps take it. */
function target(call: SampleCall) {
  return { provider: call.providerId, endpoint: call.endpointName, definition: call.endpoint };
}

/**
 * The request as curl sends it, the key and the gateway's URL left to the shell. `pdg run --curl` prints the
 * exact line for a given base URL (single-quoted, every header pdg sends); a page of reference cannot know
 * the reader's base URL, so this one names it `${PDG_BASE_URL}`.
 */
function curlSample(call: SampleCall, params: Readonly<Record<string, unknown>>): string {
  const placeholder = 'http://pdg-base-url.invalid';
  let sent: Record<string, unknown>;
  try {
    // Sent as the client sends them: lists comma-joined, only what was passed.
    sent = validateParams({ ...target(call), params });
  } catch {
    sent = { ...params };
  }
  const url = buildUrl({ ...target(call), baseUrl: placeholder, params: sent }).href.replace(
    placeholder,
    '$' + '{PDG_BASE_URL}',
  );
  return `curl -sS -H 'accept: application/json' -H "x-api-key: \${PDG_API_KEY}" "${url}"`;
}

/** Without an example: each required param as `<name>`, for the reader to fill in. */
function placeholderParams(endpoint: EndpointDefinition): Record<string, unknown> {
  return Object.fromEntries(
    describeParams(endpoint)
      .filter((param) => param.required)
      .map((param) => [param.name, `<${param.name}>`]),
  );
}

/** A value as TypeScript source: strings in single quotes, lists as arrays, records as object literals. */
function literal(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (value !== null && typeof value === 'object') return objectLiteral(value as Record<string, unknown>);
  return String(value);
}

/** Past this width an object literal is written one property a line, as a formatter would. */
const lineWidth = 60;

function objectLiteral(record: Readonly<Record<string, unknown>>, indent = ''): string {
  const entries = Object.entries(record).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return '{}';
  const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : quote(name));
  const inline = `{ ${entries.map(([name, value]) => `${key(name)}: ${literal(value)}`).join(', ')} }`;
  if (inline.length <= lineWidth) return inline;
  const inner = `${indent}  `;
  const lines = entries.map(([name, value]) => {
    const text =
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? objectLiteral(value as Record<string, unknown>, inner)
        : literal(value);
    return `${inner}${key(name)}: ${text},`;
  });
  return `{\n${lines.join('\n')}\n${indent}}`;
}

function quote(text: string): string {
  return `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n')}'`;
}

/** Params as `pdg run` flags a shell passes on unchanged: ` --q 'velvet orbit' --limit 3 --remote`. */
function flags(params: Readonly<Record<string, unknown>>): string {
  let line = '';
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (value === true) {
      line += ` --${name}`;
      continue;
    }
    const text = Array.isArray(value) ? value.join(',') : String(value);
    line += ` --${name} ${/^[\w.,:/@+=-]+$/.test(text) && !text.startsWith('-') ? text : `'${text.replaceAll("'", `'\\''`)}'`}`;
  }
  return line;
}
