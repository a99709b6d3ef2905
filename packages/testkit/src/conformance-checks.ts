/**
 * The checks of the conformance suite that look past what the loader and the client already enforce, each
 * a function returning what it found wrong, so that testkit's own tests can show every one of them failing.
 */
import { readdirSync, statSync } from 'node:fs';
import type { AnyProvider, AnySchema, Fixture, RecordedRequest } from '@pdg/core';
import { endpointPath, entriesOf, type SchemaNode, schemaNode, unwrapped } from '@pdg/core/describe';
import { endpointCatalog } from '@pdg/core/face';

/**
 * What is wrong between a provider's fixtures folder and the fixtures its package gives: every file of the
 * folder must be `<endpoint>/<name>.json` and among the fixtures (the loader skips anything else without a
 * word), and every fixture must come from the folder, be the provider's own and be named once.
 */
export function fixtureProblems(provider: AnyProvider, fixtures: readonly Fixture[], folder?: URL): string[] {
  const problems: string[] = [];
  const named = new Set<string>();
  for (const fixture of fixtures) {
    const name = `${fixture.endpoint}/${fixture.name}`;
    if (fixture.provider !== provider.id)
      problems.push(`fixture ${name} is of ${fixture.provider}, not ${provider.id}`);
    if (named.has(name)) problems.push(`fixture ${name} is named twice`);
    named.add(name);
  }
  if (folder === undefined) return problems;
  const onDisk = new Set<string>();
  for (const entry of readdirSync(folder).sort()) {
    const endpointFolder = new URL(`${entry}/`, folder);
    if (!Object.hasOwn(provider.endpoints, entry) || !statSync(endpointFolder).isDirectory()) {
      problems.push(`fixtures/${entry} is not a folder named after an endpoint`);
      continue;
    }
    for (const file of readdirSync(endpointFolder).sort()) {
      if (!file.endsWith('.json') || statSync(new URL(file, endpointFolder)).isDirectory()) {
        problems.push(`fixtures/${entry}/${file} is not a .json file, so no fixture is read from it`);
      } else onDisk.add(`${entry}/${file.slice(0, -'.json'.length)}`);
    }
  }
  for (const name of onDisk)
    if (!named.has(name)) problems.push(`fixtures/${name}.json is not among the fixtures given`);
  for (const name of named) if (!onDisk.has(name)) problems.push(`fixture ${name} has no file fixtures/${name}.json`);
  return problems;
}

/**
 * The request the spec says a call with these params sends, worked out from the endpoint's documented path
 * rather than by the client's URL builder: the path param encoded as one segment, every other param the
 * caller gave in the query (numbers in decimal, booleans as `true`/`false`, lists comma-joined), nothing else.
 */
export function specRequest(
  provider: AnyProvider,
  endpointName: string,
  params: Readonly<Record<string, unknown>>,
): RecordedRequest {
  const definition = endpointCatalog([provider]).definition(provider.id, endpointName);
  let path = endpointPath(provider.id, definition, endpointName);
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (name === definition.pathParam) path = path.replace(`{${name}}`, encodeURIComponent(text));
    else query[name] = text;
  }
  return { path, query };
}

/**
 * The documented response fields that none of `bodies` (an endpoint's successful fixtures, unwrapped) holds,
 * at every level of records they reach, as `items[].title`. Every field of a record may be null or absent,
 * so a body passes the schema even as `{}`; fixtures that show each field at least once (null counts) are
 * what makes them realistic, and what catches a misspelt field name.
 */
export function fieldsNeverShown(schema: AnySchema, bodies: readonly unknown[]): string[] {
  const shown = new Map<string, { readonly named: readonly string[]; readonly present: Set<string> }>();
  const visit = (node: SchemaNode, body: unknown, path: string): void => {
    const inner = unwrapped(node);
    if (inner.type === 'array' && inner.item && Array.isArray(body)) {
      for (const item of body) visit(inner.item, item, `${path}[]`);
      return;
    }
    const entries = entriesOf(inner);
    const named = Object.keys(entries);
    if (named.length === 0 || typeof body !== 'object' || body === null || Array.isArray(body)) return;
    const record = shown.get(path) ?? { named, present: new Set<string>() };
    shown.set(path, record);
    for (const [key, value] of Object.entries(body)) {
      const field = Object.hasOwn(entries, key) ? entries[key] : undefined;
      if (!field) continue;
      record.present.add(key);
      visit(field, value, path === '' ? key : `${path}.${key}`);
    }
  };
  for (const body of bodies) visit(schemaNode(schema), body, '');
  return [...shown].flatMap(([path, { named, present }]) =>
    named.filter((key) => !present.has(key)).map((key) => (path === '' ? key : `${path}.${key}`)),
  );
}
