/**
 * What the compiler says about the common mistakes, read from its diagnostics (fixtures/*.ts compiled
 * against the built packages): a misspelt endpoint, and `items()` or `pages()` on an endpoint that is not
 * paged, get an error listing exactly the names that would work, rather than the client's type arguments
 * (`EndpointName<readonly [ProviderDefinition<"jobs:jobboard", WithPaths<{...`); so does a misspelt provider.
 * A misspelt result field is an error too (result types name the documented fields only), offering the field.
 */
import { jobboard } from '@pdg/jobs-jobboard';
import { filmdb } from '@pdg/movie-filmdb';
import { forum } from '@pdg/social-media-forum';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type ConsumerProject,
  consumerProject,
  type Diagnostic,
  formatDiagnostics,
  nodeModuleOptions,
  readFixture,
} from './consumer-project.js';

const fixtures = [
  'misspelt-endpoint.ts',
  'items-on-unpaged-endpoint.ts',
  'pages-on-unpaged-endpoint.ts',
  'misspelt-provider.ts',
  'misspelt-field.ts',
] as const;

let project: ConsumerProject;
const diagnostics = new Map<string, Diagnostic[]>();

beforeAll(async () => {
  project = consumerProject({
    packageJson: { type: 'module' },
    tsconfig: { compilerOptions: { ...nodeModuleOptions, noEmit: true } },
  });
  for (const name of fixtures) project.write(name, readFixture(name));
  for (const diagnostic of await project.compile(fixtures)) {
    diagnostics.set(diagnostic.file, [...(diagnostics.get(diagnostic.file) ?? []), diagnostic]);
  }
});

afterAll(() => project?.remove());

/** The one error a fixture gets: the argument it names, and the choices the parameter's type lists. */
function choicesIn(fixture: (typeof fixtures)[number]): { argument: string; choices: string[]; message: string } {
  const found = diagnostics.get(fixture) ?? [];
  expect(
    found.map((diagnostic) => diagnostic.code),
    formatDiagnostics(found),
  ).toEqual([2345]);
  const message = (found[0] as Diagnostic).message;
  const match = /^Argument of type '"([^"]+)"' is not assignable to parameter of type '(.+)'\.$/.exec(message);
  expect(match, message).not.toBeNull();
  const [, argument = '', union = ''] = match as RegExpExecArray;
  return { argument, choices: union.split(' | ').map((choice) => JSON.parse(choice) as string), message };
}

const pagedNames = (endpoints: Readonly<Record<string, object>>) =>
  Object.entries(endpoints)
    .filter(([, endpoint]) => 'paging' in endpoint && endpoint.paging !== undefined)
    .map(([name]) => name);

it('a misspelt endpoint: the error lists every endpoint name of that provider', () => {
  const { argument, choices, message } = choicesIn('misspelt-endpoint.ts');
  expect(argument).toBe('brwse');
  expect(choices.sort()).toEqual(Object.keys(jobboard.endpoints).sort());
  expect(message).not.toMatch(/ProviderDefinition|WithPaths|EndpointName/);
});

it('items() on an endpoint that is not paged: the error lists the paged endpoints of that provider', () => {
  const { argument, choices, message } = choicesIn('items-on-unpaged-endpoint.ts');
  expect(argument).toBe('title');
  expect(choices.sort()).toEqual(pagedNames(filmdb.endpoints).sort());
  expect(choices).not.toContain('title');
  expect(message).not.toMatch(/ProviderDefinition|WithPaths|PagedEndpointName/);
});

it('pages() on an endpoint that is not paged: the error lists the paged endpoints of that provider', () => {
  const { argument, choices } = choicesIn('pages-on-unpaged-endpoint.ts');
  expect(argument).toBe('communities');
  expect(choices.sort()).toEqual(pagedNames(forum.endpoints).sort());
});

it('a misspelt provider: the error lists the client’s provider ids', () => {
  const { argument, choices } = choicesIn('misspelt-provider.ts');
  expect(argument).toBe('jobs:jobbord');
  expect(choices.sort()).toEqual([jobboard.id, forum.id].sort());
});

it('a misspelt result field: an error naming it and offering the documented field; unlisted() compiles', () => {
  const found = diagnostics.get('misspelt-field.ts') ?? [];
  expect(
    found.map((diagnostic) => diagnostic.code),
    formatDiagnostics(found),
  ).toEqual([2551]);
  expect((found[0] as Diagnostic).message).toMatch(
    /^Property 'titel' does not exist on type .+ Did you mean 'title'\?$/s,
  );
});
