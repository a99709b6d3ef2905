/**
 * Field projection: `fields: ['items[].title', 'items[].location.city', 'total']` keeps only those fields
 * of an endpoint's answer (every item kept, each cut down to the fields named), so a model gets what it
 * asked for and no more. Paths name the fields of the endpoint's response (a page, for a paged endpoint),
 * checked against core's description of the response (`describeResponseFields`) before anything is sent.
 */
import { pdgError } from '@pdg/core';
import { describeResponseFields } from '@pdg/core/describe';
import type { PdgTool } from './tools.js';

/** A path's fields as a tree: `{ items: { each: true, fields: { title: {} } } }`; an empty node keeps all. */
export interface FieldTree {
  [name: string]: { each: boolean; fields: FieldTree | undefined };
}

const pathPattern = /^[\p{L}\p{N}_$-]+(\[\])?(\.[\p{L}\p{N}_$-]+(\[\])?)*$/u;

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
  const known = tool.endpoint.undocumented ? undefined : new Set(describeResponseFields(tool.endpoint));
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
function project(value: unknown, tree: FieldTree | undefined): unknown {
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
 * What the fields named keep of each part of an answer, applied where the call step takes each part: a single
 * answer, a listing's item (before it is counted against the result limit, so a projected walk returns more
 * of them), and a page's own fields.
 */
export interface Projection {
  answer(value: unknown): unknown;
  item(value: unknown): unknown;
  page(value: unknown): unknown;
}

/** Every part kept whole: no `fields` given. */
export const wholeAnswer: Projection = { answer: (value) => value, item: (value) => value, page: (value) => value };

/** The projection of the checked `fields` for the tool's answers. */
export function projection(tool: PdgTool, tree: FieldTree): Projection {
  const paging = tool.endpoint.paging;
  // A listing whose items are not named keeps each item, with none of its fields.
  const itemFields = paging ? (tree[paging.items] ?? { each: true, fields: {} }).fields : undefined;
  return {
    answer: (value) => project(value, tree),
    item: (value) => project(value, itemFields),
    page: (value) => project(value, tree),
  };
}
