/**
 * The OpenAPI document `@pdg/openapi` exports, dressed for reading: providers grouped by category
 * (`x-tagGroups`) with their README's introduction, and each operation with its code samples
 * (`x-codeSamples`), example params and an example response from its fixtures. Only OpenAPI extensions and
 * examples are added; the paths, params and schemas stay the exporter's, so the site cannot disagree with
 * the SDK.
 */
import type { AnyProvider, EndpointDefinition, Fixture } from '@pdg/core';
import type { OpenApiDocument } from '@pdg/openapi';
import { exampleFixture } from './example.js';
import { codeSamples } from './samples.js';

/** A JSON object of the document, read and written loosely: the decoration only adds to it. */
type Json = Record<string, unknown>;

/** The name of the examples the decoration adds: the one the renderer's "try it" starts from. */
const exampleKey = 'default';

export interface DecorateOptions {
  /** The providers the document describes (the same as given to `toOpenApi`). */
  readonly providers: readonly AnyProvider[];
  /** Their fixtures: each operation's example params and response come from one of them. */
  readonly fixtures?: readonly Fixture[];
  /** Markdown shown above each provider's endpoints, by provider id. Default: the provider's description. */
  readonly intros?: Readonly<Record<string, string>>;
  /** The page's introduction, in Markdown, placed after the one-paragraph summary of the catalog. */
  readonly tryIt?: string;
}

/** A copy of the document with the site's additions; the document given is left as it is. */
export function decorateDocument(document: OpenApiDocument, options: DecorateOptions): Json {
  const decorated = structuredClone(document) as unknown as Json;
  const providers = new Map(options.providers.map((provider) => [provider.id, provider]));
  const fixtures = options.fixtures ?? [];
  const paths = decorated.paths as Record<string, Record<string, Json>>;
  let operations = 0;
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      const provider = providers.get(String(operation['x-pdg-provider']));
      const name = String(operation['x-pdg-endpoint']);
      const endpoint = provider?.endpoints[name] as EndpointDefinition | undefined;
      if (!provider || !endpoint) continue;
      operations++;
      nameOperation(operation, name);
      const example = exampleFixture(fixtures, provider.id, name);
      if (example) {
        addParamExamples(operation, example.params);
        addResponseExample(operation, example);
      }
      operation['x-codeSamples'] = codeSamples({
        providerId: provider.id,
        endpointName: name,
        endpoint,
        ...(example ? { params: example.params } : {}),
      });
    }
  }
  const tags = decorated.tags as Json[];
  for (const tag of tags) {
    const intro = options.intros?.[String(tag.name)];
    if (intro) tag.description = intro;
  }
  decorated['x-tagGroups'] = tagGroups(tags.map((tag) => String(tag.name)));
  const info = decorated.info as Json;
  info.description = [
    `Public web data from many sources ("providers") as JSON, behind one API key: ${operations} endpoints of ${tags.length} providers, grouped by category. Every operation is a read-only \`GET\`.`,
    'Each endpoint shows its call in the TypeScript SDK (`pdg.run`, and `pdg.items` for paged endpoints), the same call with the `pdg` command and with curl, and an example response from its fixtures.',
    ...(options.tryIt ? [options.tryIt] : []),
  ].join('\n\n');
  return decorated;
}

/**
 * The endpoint's name, as `pdg.run()` takes it, before its summary in the sidebar and search (`browse:
 * Structural paged browse of job listings.`); the description no longer repeats the summary above it.
 */
function nameOperation(operation: Json, name: string): void {
  const summary = String(operation.summary ?? '');
  const description = String(operation.description ?? '');
  if (summary && description.startsWith(`${summary}\n\n`)) {
    operation.description = description.slice(summary.length + 2);
  }
  operation.summary = summary ? `${name}: ${summary}` : name;
}

/** Providers by category (`finance:centralbank` is under `finance`), categories and providers in order. */
function tagGroups(tagNames: readonly string[]): { name: string; tags: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const name of [...tagNames].sort()) {
    const category = name.split(':')[0] ?? name;
    groups.set(category, [...(groups.get(category) ?? []), name]);
  }
  return [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([name, tags]) => ({ name, tags }));
}

/**
 * The example's params on the parameters they fill, where the exporter gave no example: the values "try
 * it" starts with, so a first try is the example's call, which the gateway answers. The other optional
 * params start switched off (the renderer's `x-disabled`), rather than on with a value of the renderer's
 * choosing (an enum's first value would filter the answer). A list param is an array on the wire.
 */
function addParamExamples(operation: Json, params: Readonly<Record<string, unknown>>): void {
  for (const parameter of (operation.parameters ?? []) as Json[]) {
    if ('example' in parameter || 'examples' in parameter) continue;
    const value = params[String(parameter.name)];
    if (value === undefined) {
      // With its server default where it has one, to show what leaving it out means; else with no value.
      const fallback = (parameter.schema as Json | undefined)?.default;
      if (!parameter.required) {
        parameter.examples = {
          [exampleKey]: { ...(fallback === undefined ? {} : { value: fallback }), 'x-disabled': true },
        };
      }
      continue;
    }
    const isList = (parameter.schema as Json | undefined)?.type === 'array';
    parameter.examples = { [exampleKey]: { value: isList && typeof value === 'string' ? value.split(',') : value } };
  }
}

/** The fixture's body as the 200 answer's example, where the exporter gave none. */
function addResponseExample(operation: Json, fixture: Fixture): void {
  const ok = (operation.responses as Json | undefined)?.['200'] as Json | undefined;
  const media = (ok?.content as Json | undefined)?.['application/json'] as Json | undefined;
  if (!media || 'example' in media || 'examples' in media) return;
  media.examples = {
    [fixture.name]: {
      summary: `${fixture.provider} ${fixture.endpoint} (fixture "${fixture.name}")`,
      value: fixture.response,
    },
  };
}
