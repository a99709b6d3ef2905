/**
 * Field projection: `fields: ['items[].title', 'items[].location.city', 'total']` keeps only those fields
 * of an endpoint's answer (every item kept, each cut down to the fields named), so a model gets what it
 * asked for and no more. Paths name the fields of the endpoint's response (a page, for a paged endpoint),
 * checked against the response's documented fields before anything is sent.
 */
import { type AnyProvider, type ItemWalkOptions, type PagedWalk, type PdgClient, pdgError } from '@pdg/core';
import { type JsonSchema, responseJsonSchema } from '@pdg/openapi';
import type { PdgTool } from './tools.js';

/** A path's fields as a tree: `{ items: { each: true, fields: { title: {} } } }`; an empty node keeps all. */
interface FieldTree {
  [name: string]: { each: boolean; fields: FieldTree | undefined };
}

const pathPattern = /^[\p{L}\p{N}_$-]+(\[\])?(\.[\p{L}\p{N}_$-]+(\[\])?)*$/u;

/** The documented field paths of an endpoint's response: `items`, `items[].title`, `total`. */
export function responseFields(tool: PdgTool): string[] {
  const schema = responseJsonSchema(tool.endpoint, { unwrapped: true, unsupported: 'open' });
  return pathsOf(schema, '', 0);
}

function pathsOf(schema: JsonSchema | undefined, prefix: string, depth: number): string[] {
  const object = objectSchemaOf(schema);
  if (!object || depth > 5) return [];
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties).flatMap(([name, inner]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const element = arrayItemsOf(inner);
    if (element !== undefined) return [path, ...pathsOf(element, `${path}[]`, depth + 1)];
    return [path, ...pathsOf(inner, path, depth + 1)];
  });
}

/** The object schema in a schema (through `anyOf` with null), if it is one. */
function objectSchemaOf(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  if (schema.properties) return schema;
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  return options?.map(objectSchemaOf).find(Boolean);
}

function arrayItemsOf(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const type = schema.type;
  if ((type === 'array' || (Array.isArray(type) && type.includes('array'))) && schema.items) {
    return schema.items as JsonSchema;
  }
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  return options?.map(arrayItemsOf).find(Boolean);
}

/**
 * The `fields` argument checked: a list of paths, each a documented field of the response (any path for an
 * undocumented endpoint). A bad one is an `INVALID_PARAMS` error listing the response's fields.
 */
export function checkFields(tool: PdgTool, fields: unknown): FieldTree {
  const refuse = (message: string) =>
    pdgError({
      code: 'INVALID_PARAMS',
      provider: tool.provider,
      endpoint: tool.endpointName,
      issues: [{ path: 'fields', message }],
      message: `Invalid arguments for ${tool.name}: fields ${message}`,
      nothingSent: true,
    });
  if (!Array.isArray(fields) || fields.length === 0 || fields.some((path) => typeof path !== 'string')) {
    throw refuse(
      `must be a non-empty list of field paths such as ["items[].title", "total"] (received ${JSON.stringify(fields)}).`,
    );
  }
  const known = tool.endpoint.undocumented ? undefined : new Set(responseFields(tool));
  const bad = (fields as string[]).filter(
    (path) => !pathPattern.test(path) || (known !== undefined && !known.has(path.replace(/\[\]$/, ''))),
  );
  if (bad.length > 0) {
    const listed = known ? [...known] : [];
    const shown = listed.slice(0, 80).join(', ');
    throw refuse(
      `names ${bad.length === 1 ? 'a path' : 'paths'} the response does not have: ${bad.map((path) => JSON.stringify(path)).join(', ')}. ` +
        `The response's fields: ${shown}${listed.length > 80 ? `, ... (${listed.length} in all)` : ''}.`,
    );
  }
  return treeOf(fields as string[]);
}

function treeOf(paths: readonly string[]): FieldTree {
  const tree: FieldTree = {};
  for (const path of paths) {
    let node = tree;
    const segments = path.split('.');
    for (const [index, segment] of segments.entries()) {
      const each = segment.endsWith('[]');
      const name = each ? segment.slice(0, -2) : segment;
      const existing = node[name];
      if (index === segments.length - 1) {
        // The whole field: it wins over any narrower path into it.
        node[name] = { each: each || existing?.each === true, fields: undefined };
        break;
      }
      if (existing && existing.fields === undefined) break; // already kept whole
      const next: FieldTree = existing?.fields ?? {};
      node[name] = { each: each || existing?.each === true, fields: next };
      node = next;
    }
  }
  return tree;
}

/** The value with only the fields of the tree; arrays keep every element, each projected. */
export function project(value: unknown, tree: FieldTree | undefined): unknown {
  if (tree === undefined || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((element) => project(element, tree));
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [name, node] of Object.entries(tree)) {
    if (!Object.hasOwn(record, name)) continue;
    out[name] = project(record[name], node.fields);
  }
  return out;
}

/**
 * The client with every answer projected as it arrives: a listing's items are cut to their fields before
 * they are counted against the result limit, so a projected walk returns more of them. An item walk hands
 * out each item projected as its page's items are, and its pages (to `onPage`) projected with their items
 * array and paging fields kept, projected or not.
 */
export function projectingClient(
  client: PdgClient<readonly AnyProvider[]>,
  tool: PdgTool,
  tree: FieldTree,
): PdgClient<readonly AnyProvider[]> {
  const paging = tool.endpoint.paging;
  const itemsNode = paging ? (tree[paging.items] ?? { each: true, fields: {} }) : undefined;
  const pageTree: FieldTree = paging && itemsNode ? { ...tree, [paging.items]: itemsNode } : tree;
  const untyped = client as unknown as {
    run(...args: unknown[]): Promise<unknown>;
    items(provider: string, endpoint: string, params?: unknown, options?: ItemWalkOptions): PagedWalk<unknown>;
  };
  const items = (provider: string, endpoint: string, params?: unknown, options: ItemWalkOptions = {}) => {
    const { onPage } = options;
    const walk = untyped.items(provider, endpoint, params, {
      ...options,
      ...(onPage ? { onPage: (page: unknown, count: number) => onPage(project(page, pageTree), count) } : {}),
    });
    return projectedWalk(walk, (item) => project(item, itemsNode?.fields));
  };
  const projected = {
    ...client,
    run: async (...args: unknown[]) => project(await untyped.run(...args), tree),
    items,
  };
  return projected as unknown as PdgClient<readonly AnyProvider[]>;
}

function projectedWalk(walk: PagedWalk<unknown>, map: (value: unknown) => unknown): PagedWalk<unknown> {
  const step = async (next: Promise<IteratorResult<unknown, void>>) => {
    const result = await next;
    return result.done ? result : { done: false as const, value: map(result.value) };
  };
  const projected = {
    get checkpoint() {
      return walk.checkpoint;
    },
    next: () => step(walk.next()),
    return: (value?: undefined) => walk.return(value),
    throw: (error?: unknown) => step(walk.throw(error)),
    [Symbol.asyncIterator]() {
      return projected;
    },
    [Symbol.asyncDispose]: () => walk.return(undefined).then(() => undefined),
  };
  return projected as unknown as PagedWalk<unknown>;
}
