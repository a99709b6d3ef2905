/**
 * Which tool calls are walks a task can run, and the walk each asks for: a paged endpoint's own tool, or
 * `call_endpoint` naming a paged endpoint, its arguments read as the tool reads them (converted, `fields`
 * checked) but bounded by the task's limits instead of the tool's.
 */
import type { WalkCheckpoint } from '@pdg/core';
import { walkOptions } from '../call.js';
import { callToolName } from '../catalog.js';
import { coerceArguments } from '../coerce.js';
import { checkFields, type Projection, projection, wholeAnswer } from '../fields.js';
import { walkArguments } from '../input-schema.js';
import type { ResolvedLimits } from '../limits.js';
import type { PdgTool } from '../tools.js';
import type { ResolvedTaskLimits } from './task-limits.js';

/** A walk a task runs: the endpoint's tool, its params, how far, from where, and the fields kept of each item. */
export interface WalkRequest {
  readonly tool: PdgTool;
  readonly params: Record<string, unknown>;
  readonly maxItems: number;
  readonly maxPages: number;
  readonly resume?: WalkCheckpoint;
  readonly projection: Projection;
  /** The `fields` asked for, as given (checked): what a link to the rest of the walk passes on. */
  readonly fields?: unknown;
}

/** A call of a walk: the paged endpoint's tool, and the arguments as its own tool takes them. */
export interface WalkCall {
  readonly tool: PdgTool;
  readonly args: Record<string, unknown>;
}

/**
 * The walk a tool call asks for, or undefined when it is not one (an endpoint that is not paged, another
 * tool, `call_endpoint` naming no endpoint it knows: the call itself then says what is wrong).
 */
export function walkCall(
  name: string,
  args: Record<string, unknown> | undefined,
  endpoints: readonly PdgTool[],
): WalkCall | undefined {
  const given = args ?? {};
  if (name === callToolName) {
    const tool = endpoints.find((each) => each.provider === given.provider && each.endpointName === given.endpoint);
    if (!tool?.endpoint.paging) return undefined;
    const params = typeof given.params === 'object' && given.params !== null ? given.params : {};
    const own = (key: string) => (Object.hasOwn(given, key) && given[key] !== undefined ? [[key, given[key]]] : []);
    const rest = Object.fromEntries([...walkArguments, 'fields'].flatMap(own));
    return { tool, args: { ...(params as Record<string, unknown>), ...rest } };
  }
  const tool = endpoints.find((each) => each.name === name);
  return tool?.endpoint.paging ? { tool, args: given } : undefined;
}

/** Whether the call asks for more than one tool call may give: `maxItems` or `maxPages` past the tool's bounds. */
export function overToolBounds(call: WalkCall, limits: ResolvedLimits): boolean {
  // Counts sent as text (`"600"`) are read as the tool reads them (coerce.ts).
  const over = (value: unknown, max: number) => {
    const count = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof count === 'number' && count > max;
  };
  return over(call.args.maxItems, limits.maxItems) || over(call.args.maxPages, limits.maxPages);
}

/**
 * The walk, its arguments checked as the tool checks them (core's `INVALID_PARAMS`, nothing sent), within
 * the task's bounds: with no `maxItems` or `maxPages`, as far as a task may go.
 */
export function walkRequest(call: WalkCall, limits: ResolvedTaskLimits, toolLimits: ResolvedLimits): WalkRequest {
  const { tool } = call;
  const { fields, ...rest } = call.args;
  const args = coerceArguments(rest, tool.inputSchema);
  const kept = fields === undefined ? wholeAnswer : projection(tool, checkFields(tool, fields));
  const bounds: ResolvedLimits = {
    ...toolLimits,
    defaultItems: limits.maxItems,
    maxItems: limits.maxItems,
    defaultPages: limits.maxPages,
    maxPages: limits.maxPages,
  };
  const { params, maxItems, maxPages, resume } = walkOptions(tool, args, bounds);
  return {
    tool,
    params,
    maxItems,
    maxPages,
    ...(resume === undefined ? {} : { resume }),
    projection: kept,
    ...(fields === undefined ? {} : { fields }),
  };
}
