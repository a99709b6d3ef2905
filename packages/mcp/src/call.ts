/**
 * A tool call: the arguments go through `@pdg/core`'s client (the params checked before anything is sent,
 * with the client's own messages), and the answer comes back as structured content plus its JSON text,
 * cut to the result limit with a note saying how to get the rest.
 */

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  type AnyProvider,
  callEndpoint,
  type Drift,
  type PdgClient,
  PdgError,
  type WalkCheckpoint,
  walkEndpoint,
} from '@pdg/core';
import { coerceArguments } from './coerce.js';
import { type Cut, cutToSize, describeCuts, jsonBytes } from './cut-to-size.js';
import { driftNote } from './drift.js';
import { toolError, withoutSecret } from './errors.js';
import { checkFields, projectingClient } from './fields.js';
import { walkArguments } from './input-schema.js';
import type { ResolvedLimits } from './limits.js';
import type { PdgTool } from './tools.js';

export interface CallContext {
  readonly client: PdgClient<readonly AnyProvider[]>;
  readonly limits: ResolvedLimits;
  /** The API key, kept out of every result and error. */
  readonly secret: string | undefined;
  /** What drifted so far in an endpoint's responses (`validate: 'report'`), said in its results. */
  readonly drift?: (provider: string, endpoint: string) => readonly Drift[];
  /** Aborted when the MCP client cancels the call. */
  readonly signal?: AbortSignal;
}

/** Room kept for the note and the walk's summary next to the data: 1 000 bytes, or a fifth of a small limit. */
const reserved = (limits: ResolvedLimits) => Math.min(1_000, Math.floor(limits.maxResultBytes / 5));

/**
 * Runs one tool call; every failure is a tool error (`isError: true`) the model can read. Arguments of
 * another JSON type that say the same thing (a number for a string id) are converted first.
 */
export async function callTool(
  tool: PdgTool,
  given: Record<string, unknown> | undefined,
  context: CallContext,
): Promise<CallToolResult> {
  try {
    const { fields, ...rest } = given ?? {};
    const args = coerceArguments(rest, tool.inputSchema);
    if (fields !== undefined) {
      context = { ...context, client: projectingClient(context.client, tool, checkFields(tool, fields)) };
    }
    const answered = tool.endpoint.paging ? await walk(tool, args, context) : await single(tool, args, context);
    const drift = context.drift?.(tool.provider, tool.endpointName) ?? [];
    const structured = drift.length === 0 ? answered : { ...answered, drift, validation: driftNote(drift) };
    const safe = withoutSecret(structured, context.secret);
    return { content: [{ type: 'text', text: JSON.stringify(safe) }], structuredContent: safe };
  } catch (error) {
    return toolError(error, context.secret);
  }
}

async function single(
  tool: PdgTool,
  args: Record<string, unknown> | undefined,
  context: CallContext,
): Promise<Record<string, unknown>> {
  const result = await callEndpoint(
    context.client,
    tool.provider,
    tool.endpointName,
    args ?? {},
    signalOption(context),
  );
  const { value, cuts } = cutToSize(result, context.limits.maxResultBytes - reserved(context.limits), 'result');
  if (cuts.length === 0) return { result: value };
  return {
    result: value,
    note: `Cut to fit ${bytesText(context.limits.maxResultBytes)}: ${describeCuts(cuts)}. For the rest, ask for less (narrower params, a smaller limit where the endpoint has one).`,
  };
}

/** The walk arguments of a paged tool, checked, and the params without them. */
function walkOptions(tool: PdgTool, args: Record<string, unknown>, limits: ResolvedLimits) {
  const params = Object.fromEntries(
    Object.entries(args).filter(([name]) => !(walkArguments as readonly string[]).includes(name)),
  );
  const count = (name: 'maxItems' | 'maxPages', fallback: number, max: number): number => {
    const value = args[name];
    if (value === undefined) return fallback;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
      throw new PdgError({
        code: 'INVALID_PARAMS',
        provider: tool.provider,
        endpoint: tool.endpointName,
        issues: [
          { path: name, message: `must be a whole number from 1 to ${max} (received ${JSON.stringify(value)})` },
        ],
        message: `Invalid arguments for ${tool.name}: ${name} must be a whole number from 1 to ${max} (received ${JSON.stringify(value)}). Nothing was sent.`,
      });
    }
    return value;
  };
  const resume = args.resume as WalkCheckpoint | undefined;
  return {
    params,
    maxItems: count('maxItems', limits.defaultItems, limits.maxItems),
    maxPages: count('maxPages', limits.defaultPages, limits.maxPages),
    resume,
  };
}

/** Fields of a page that only say where the walk is: the walk's summary says it for the whole walk. */
const pagingFields = new Set(['page', 'hasMore', 'nextPage', 'nextCursor']);

/**
 * Walks the pages of a paged endpoint and takes their items, up to `maxItems` items, `maxPages` pages and
 * the result limit. Where it stops before the end, `walk.resume` is the checkpoint `@pdg/core` takes
 * (`{ at, taken }`: the page, and the items of it already returned), so the next call goes on with no
 * item skipped or repeated. Pages are walked (not items) so that the first page's own fields (a thread's
 * opening post, a profile, a total) reach the model too; no page past the last item taken is fetched.
 */
async function walk(tool: PdgTool, args: Record<string, unknown>, context: CallContext) {
  const { limits } = context;
  const paging = tool.endpoint.paging as NonNullable<PdgTool['endpoint']['paging']>;
  const { params, maxItems, maxPages, resume } = walkOptions(tool, args, limits);
  const pages = walkEndpoint(context.client, tool.provider, tool.endpointName, params, {
    maxPages,
    ...(resume === undefined ? {} : { resume }),
    ...signalOption(context),
  });
  const items: unknown[] = [];
  const cuts: Cut[] = [];
  let firstPage: Record<string, unknown> | undefined;
  let pageCount = 0;
  let budget = limits.maxResultBytes - reserved(limits);
  /** Where the page about to be read starts: the checkpoint before it was fetched. */
  let position: WalkCheckpoint = pages.checkpoint;
  let skip = position.taken;
  let stoppedBy: string | undefined;
  walking: for await (const page of pages) {
    pageCount++;
    const after = pages.checkpoint;
    const record = (page ?? {}) as Record<string, unknown>;
    if (firstPage === undefined) {
      const fields = Object.fromEntries(
        Object.entries(record).filter(([name]) => name !== paging.items && !pagingFields.has(name)),
      );
      const cut = cutToSize(fields, Math.floor(budget / 4), 'firstPage');
      firstPage = cut.value as Record<string, unknown>;
      cuts.push(...cut.cuts);
      budget -= jsonBytes(firstPage);
    }
    const list = Array.isArray(record[paging.items]) ? (record[paging.items] as unknown[]) : [];
    for (let index = skip; index < list.length; index++) {
      const size = jsonBytes(list[index]) + 1;
      if (size <= budget) {
        items.push(list[index]);
        budget -= size;
      } else if (items.length === 0) {
        // One item larger than the whole limit: it is returned cut, and the walk goes on after it.
        const cut = cutToSize(list[index], budget, `${paging.items}[0]`);
        items.push(cut.value);
        cuts.push(...cut.cuts);
        budget = 0;
      } else {
        position = at(position, index);
        stoppedBy = `the ${bytesText(limits.maxResultBytes)} result limit`;
        break walking;
      }
      if (items.length >= maxItems || budget <= 0) {
        position = index + 1 < list.length ? at(position, index + 1) : after;
        if (!position.done)
          stoppedBy = budget <= 0 ? `the ${bytesText(limits.maxResultBytes)} result limit` : `maxItems ${maxItems}`;
        break walking;
      }
    }
    skip = 0;
    position = after;
    if (!position.done && pageCount >= maxPages) stoppedBy = `maxPages ${maxPages}`;
  }
  const done = position.done === true;
  const notes: string[] = [];
  if (!done) {
    notes.push(
      `Stopped at ${stoppedBy ?? 'the end of what the gateway gave'}; more ${paging.items} may remain. To go on, call ${tool.name} again with the same params and "resume": ${JSON.stringify(position)}.`,
    );
  }
  if (cuts.length > 0) notes.push(`Cut to fit ${bytesText(limits.maxResultBytes)}: ${describeCuts(cuts)}.`);
  return {
    [paging.items]: items,
    ...(firstPage === undefined ? {} : { firstPage }),
    walk: { items: items.length, pages: pageCount, done, ...(done ? {} : { resume: position }) },
    ...(notes.length > 0 ? { note: notes.join(' ') } : {}),
  };
}

/** The checkpoint `taken` items into the page that `position` starts. */
function at(position: WalkCheckpoint, taken: number): WalkCheckpoint {
  return position.at === undefined ? { taken } : { at: position.at, taken };
}

function signalOption(context: CallContext): { signal?: AbortSignal } {
  return context.signal ? { signal: context.signal } : {};
}

function bytesText(bytes: number): string {
  return `${bytes.toLocaleString('en-US')} bytes`;
}
