/**
 * One contract: the document `pdg openapi` prints, the SDK and the mock gateway agree on every call. From
 * each operation's params schema (`x-pdg-params`) the test makes calls that keep every documented rule
 * (the required params, then each optional one, each enum value, each bound) and calls that break one rule
 * each; the SDK must send the first kind and the mock answer it without a 400, and the SDK, the mock and
 * the document itself (validated by Ajv, a JSON Schema 2020-12 validator) must each refuse the second kind.
 */
import { type AnyProvider, createClient, isPdgError } from '@pdg/core';
import { type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturesOf, loadProviders } from '../src/catalog.js';
import { runCli } from './run-cli.js';

/** Every provider the CLI ships with, and their fixtures. */
const providers = await loadProviders();
const allFixtures = () => fixturesOf(providers);

type Schema = { [keyword: string]: unknown };
type Params = Record<string, unknown>;

interface Operation {
  readonly path: string;
  readonly provider: string;
  readonly endpoint: string;
  readonly params: Schema;
  readonly undocumented: boolean;
}

interface Call {
  readonly operation: Operation;
  readonly params: Params;
  /** The rule a broken call breaks, in words. */
  readonly why: string;
}

let gateway: RunningMockGateway;
let operations: Operation[];
const ajv = new Ajv2020({ strict: false });
const validators = new Map<Operation, ValidateFunction>();
/** Every status the mock answered the SDK's calls with. */
const statuses: number[] = [];

beforeAll(async () => {
  const { code, stdout, stderr } = await runCli(['openapi', '--compact']);
  expect([code, stderr]).toEqual([0, '']);
  const document = JSON.parse(stdout) as { paths: Record<string, { get: Schema }> };
  operations = Object.entries(document.paths).map(([path, item]) => ({
    path,
    provider: item.get['x-pdg-provider'] as string,
    endpoint: item.get['x-pdg-endpoint'] as string,
    params: item.get['x-pdg-params'] as Schema,
    undocumented: item.get['x-pdg-undocumented'] === true,
  }));
  for (const operation of operations) validators.set(operation, ajv.compile(operation.params));
  gateway = await startMockGateway({ providers, fixtures: await allFixtures() });
}, 300_000);

afterAll(async () => {
  await gateway?.close();
});

const client = () =>
  createClient<readonly AnyProvider[]>({
    providers,
    baseUrl: gateway.url,
    apiKey: 'contract-test-key',
    retry: 0,
    // What the mock answers is its own business here: the calls' params are what is tested.
    validate: 'off',
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      statuses.push(response.status);
      return response;
    },
  });

const propertiesOf = (schema: Schema) => (schema.properties ?? {}) as Record<string, Schema>;
const requiredOf = (schema: Schema) => (schema.required ?? []) as string[];
const examplesOf = (schema: Schema) => (schema.examples ?? []) as Params[];
const dependentsOf = (schema: Schema) => (schema.dependentRequired ?? {}) as Record<string, string[]>;
/** Properties that take a value: not those the endpoint refuses (`not: {}`). */
const offered = (schema: Schema) => Object.entries(propertiesOf(schema)).filter(([, property]) => !('not' in property));

/** A value the schema admits, when no fixture gives one: its first enum value or example, else its bound. */
function admittedValue(schema: Schema): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  switch (schema.type) {
    case 'integer':
    case 'number':
      return (schema.minimum as number | undefined) ?? Math.min(1, (schema.maximum as number | undefined) ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return [admittedValue((schema.items ?? {}) as Schema)];
    default:
      if (typeof schema.pattern === 'string') throw new Error(`no example for a param of pattern ${schema.pattern}`);
      return 'velvet';
  }
}

/** The required params of the first example that has them all (a call the fixtures answer), else made up. */
function baseOf(operation: Operation): Params {
  const { params } = operation;
  const required = requiredOf(params);
  const example = examplesOf(params).find((candidate) => required.every((name) => candidate[name] !== undefined));
  return Object.fromEntries(
    required.map((name) => [name, example ? example[name] : admittedValue(propertiesOf(params)[name] ?? {})]),
  );
}

/** A value for one optional param, from an example of the same call where there is one (a cursor it recorded). */
function optionalValue(operation: Operation, base: Params, name: string): unknown {
  const examples = examplesOf(operation.params).filter((example) => example[name] !== undefined);
  const same = examples.find((example) => Object.entries(base).every(([key, value]) => example[key] === value));
  return (same ?? examples[0])?.[name] ?? admittedValue(propertiesOf(operation.params)[name] ?? {});
}

/** `params` with the params a given one requires (`dependentRequired`) added. */
function withDependents(operation: Operation, base: Params, params: Params): Params {
  const out = { ...params };
  for (const [name, needed] of Object.entries(dependentsOf(operation.params))) {
    if (out[name] === undefined) continue;
    for (const other of needed) out[other] ??= optionalValue(operation, base, other);
  }
  return out;
}

/** Calls that keep every rule: the required params, then each optional param, enum value and bound. */
function validCalls(operation: Operation): Call[] {
  const base = baseOf(operation);
  const calls: Call[] = [{ operation, params: base, why: 'the required params' }];
  const add = (params: Params, why: string) =>
    calls.push({ operation, params: withDependents(operation, base, params), why });
  for (const [name, property] of offered(operation.params)) {
    if (name in base) continue;
    add({ ...base, [name]: optionalValue(operation, base, name) }, `with ${name}`);
    for (const value of (property.enum ?? []) as unknown[]) add({ ...base, [name]: value }, `${name} = ${value}`);
    const items = (property.items ?? {}) as Schema;
    for (const value of (items.enum ?? []) as unknown[]) add({ ...base, [name]: [value] }, `${name} = [${value}]`);
    for (const bound of ['minimum', 'maximum'] as const) {
      if (typeof property[bound] === 'number') add({ ...base, [name]: property[bound] }, `${name} at its ${bound}`);
    }
  }
  return calls;
}

/** A text the pattern does not match. */
function notMatching(pattern: string): string {
  const regex = new RegExp(pattern, 'u');
  const found = ['~not~this~form~', 'x', '0', 'A-1', '2026-13-45T99'].find((text) => !regex.test(text));
  if (found === undefined) throw new Error(`no text found outside the pattern ${pattern}`);
  return found;
}

/** Calls that each break one documented rule. */
function brokenCalls(operation: Operation): Call[] {
  const { params } = operation;
  const base = withDependents(operation, baseOf(operation), baseOf(operation));
  const calls: Call[] = [];
  const add = (changed: Params, why: string) => calls.push({ operation, params: { ...base, ...changed }, why });
  for (const name of requiredOf(params)) {
    const { [name]: _, ...without } = base;
    calls.push({ operation, params: without, why: `without the required ${name}` });
  }
  for (const [name, property] of Object.entries(propertiesOf(params))) {
    if ('not' in property) {
      add({ [name]: 'REMOTE' }, `${name}, which the endpoint does not offer`);
      continue;
    }
    if (Array.isArray(property.enum)) add({ [name]: 'not-a-documented-value' }, `${name} outside its enum`);
    if (property.type === 'integer') {
      add({ [name]: 2.5 }, `${name} not a whole number`);
      add({ [name]: 'many' }, `${name} not a number`);
    }
    if (property.type === 'number') add({ [name]: 'many' }, `${name} not a number`);
    if (property.type === 'boolean') add({ [name]: 'yes' }, `${name} not true or false`);
    if (typeof property.minimum === 'number') add({ [name]: property.minimum - 1 }, `${name} below its minimum`);
    if (typeof property.maximum === 'number') add({ [name]: property.maximum + 1 }, `${name} above its maximum`);
    if (property.type === 'string' && property.minLength === 1) add({ [name]: '' }, `${name} empty`);
    if (typeof property.pattern === 'string') add({ [name]: notMatching(property.pattern) }, `${name} of another form`);
    if (property.type === 'array') {
      add({ [name]: [] }, `${name} an empty list`);
      const items = (property.items ?? {}) as Schema;
      if (Array.isArray(items.enum))
        add({ [name]: ['not-a-documented-value'] }, `${name} with an item outside its enum`);
      if (typeof items.pattern === 'string')
        add({ [name]: [notMatching(items.pattern)] }, `${name} with an item of another form`);
    }
  }
  if (params.additionalProperties === false) add({ notAParam: 'x' }, 'a param the endpoint does not take');
  for (const [name, needed] of Object.entries(dependentsOf(params))) {
    for (const other of needed) {
      const { [other]: _, ...without } = { ...base, [name]: optionalValue(operation, base, name) };
      calls.push({ operation, params: without, why: `${name} without ${other}, which it requires` });
    }
  }
  return calls;
}

/** The request a call makes on the wire, built by hand from the document's path: lists comma-joined. */
function wireUrl(call: Call): string | undefined {
  const query = new URLSearchParams();
  let path = call.operation.path;
  for (const [name, value] of Object.entries(call.params)) {
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (path.includes(`{${name}}`)) path = path.replace(`{${name}}`, encodeURIComponent(text));
    else query.set(name, text);
  }
  // A path param left out, or empty, names another route: that call is the SDK's and the document's to refuse.
  if (/\{[^}]+\}|\/$/.test(path)) return undefined;
  const search = query.toString();
  return `${gateway.url}${path}${search ? `?${search}` : ''}`;
}

/** How many times each value occurs. */
const countOf = (values: readonly number[]) =>
  Object.fromEntries(
    [...new Set(values)].sort().map((value) => [value, values.filter((other) => other === value).length]),
  );

const label = (call: Call) =>
  `${call.operation.provider} ${call.operation.endpoint} ${call.why}: ${JSON.stringify(call.params)}`;

describe('calls generated from the document of `pdg openapi`', () => {
  it('covers every operation, and every operation has its fixtures as examples', () => {
    const endpoints = providers.flatMap((provider) => Object.keys(provider.endpoints));
    expect(operations).toHaveLength(endpoints.length);
    const withoutExamples = operations.filter((operation) => examplesOf(operation.params).length === 0);
    expect(withoutExamples.map((operation) => operation.path)).toEqual([]);
  });

  it('keeping every documented rule: the document admits each, the SDK sends it and the mock answers it without a 400', async () => {
    const pdg = client();
    const calls = operations.flatMap(validCalls);
    const problems: string[] = [];
    for (const call of calls) {
      if (!validators.get(call.operation)?.(call.params)) problems.push(`document refuses ${label(call)}`);
      const before = statuses.length;
      try {
        await pdg.run(call.operation.provider, call.operation.endpoint, call.params);
      } catch (error) {
        if (!isPdgError(error)) throw error;
        if (error.code === 'INVALID_PARAMS' || error.status === 400) problems.push(`${error.message} (${label(call)})`);
      }
      if (statuses.length !== before + 1) problems.push(`sent ${statuses.length - before} requests for ${label(call)}`);
    }
    console.info(
      `${calls.length} calls keeping every rule, over ${operations.length} operations: statuses ${JSON.stringify(countOf(statuses))}`,
    );
    expect(problems).toEqual([]);
    // Every operation, and more than one call for most: each optional param, enum value and bound.
    expect(calls.length).toBeGreaterThan(operations.length * 4);
    expect(statuses.filter((status) => status === 400)).toEqual([]);
  }, 600_000);

  it('breaking one documented rule: the SDK refuses it sending nothing, the mock answers 400, the document refuses it', async () => {
    const pdg = client();
    const calls = operations.filter((operation) => !operation.undocumented).flatMap(brokenCalls);
    const problems: string[] = [];
    let mockChecked = 0;
    for (const call of calls) {
      if (validators.get(call.operation)?.(call.params)) problems.push(`document admits ${label(call)}`);
      const before = statuses.length;
      try {
        await pdg.run(call.operation.provider, call.operation.endpoint, call.params);
        problems.push(`SDK sends ${label(call)}`);
      } catch (error) {
        if (!isPdgError(error) || error.code !== 'INVALID_PARAMS')
          problems.push(`SDK: ${String(error)} (${label(call)})`);
      }
      if (statuses.length !== before) problems.push(`SDK sent a refused call: ${label(call)}`);
      const url = wireUrl(call);
      if (url === undefined) continue;
      const response = await fetch(url, { headers: { 'x-api-key': 'contract-test-key' } });
      await response.arrayBuffer();
      mockChecked++;
      if (response.status !== 400) problems.push(`mock answers ${response.status} to ${label(call)}`);
    }
    console.info(
      `${calls.length} calls breaking one rule each: refused by the SDK and the document; ${mockChecked} sent to the mock, each answered 400`,
    );
    expect(problems).toEqual([]);
    expect(calls.length).toBeGreaterThan(operations.length * 3);
    // Only calls without a path param to send (left out or empty) are not the mock's to see.
    expect(mockChecked).toBeGreaterThan(calls.length * 0.9);
  }, 600_000);
});
