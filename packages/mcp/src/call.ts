/**
 * A tool call: the arguments go through `@pdg/core`'s client (the params checked before anything is sent,
 * with the client's own messages), and the answer comes back as structured content plus its JSON text,
 * cut to the result limit with a note saying how to get the rest.
 */

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type AnyProvider, type Drift, type PdgClient, type PdgError, pdgError, type WalkCheckpoint } from '@pdg/core';
import { pagingFieldsOf } from '@pdg/core/describe';
import type { ClientEndpoints } from '@pdg/core/face';
import { coerceArguments } from './coerce.js';
import { type Cut, cutToSize, describeCuts, jsonBytes } from './cut-to-size.js';
import { withDrift } from './drift.js';
import { toolError } from './errors.js';
import { checkFields, type Projection, projection, wholeAnswer } from './fields.js';
import { walkArguments } from './input-schema.js';
import type { ResolvedLimits } from './limits.js';
import { answerResult, resultBytes } from './result-step.js';
import type { PdgTool } from './tools.js';

export interface CallContext {
  readonly client: PdgClient<readonly AnyProvider[]>;
  /** The client's face (`endpointsOf(client)`): the calls by name, and the redaction of its key kept out of every result. */
  readonly endpoints: ClientEndpoints;
  readonly limits: ResolvedLimits;
  /** What drifted so far in an endpoint's responses (`validate: 'report'`), said in its results. */
  readonly drift?: (provider: string, endpoint: string) => readonly Drift[];
  /** Aborted when the MCP client cancels the call. */
  readonly signal?: AbortSignal;
  /**
   * How a cut walk's note says to go on, before `"resume": {...}`: by default `<tool> again with the same
   * params and`, the endpoint's own tool; `call_endpoint` names itself and the provider and endpoint.
   */
  readonly again?: string;
  /** Where the call runs as a task: told how far it went (pages, items), and a program's bounds for a task. */
  readonly task?: TaskCall;
}

/** What a call run as a task is given (tasks/server-tasks.ts): its progress report, and how far a program may go. */
export interface TaskCall {
  readonly report: (progress: { readonly pages: number; readonly items: number }) => void;
  /** A program's time and gateway calls as a task: its walk may be as long as a task's (`tasks` options). */
  readonly wallMs: number;
  readonly maxCalls: number;
}

/** Room kept for the note and the walk's summary next to the data: 1 000 bytes, or two fifths of a small limit. */
const reserved = (limits: ResolvedLimits) => Math.min(1_000, Math.floor((limits.maxResultBytes * 2) / 5));

/** Room kept for what drifted, once the endpoint has drifted: 4 000 bytes, or a fifth of a small limit. */
const driftRoom = (limits: ResolvedLimits) => Math.min(4_000, Math.floor(limits.maxResultBytes / 5));

/** What drifted so far in the tool's endpoint (see `CallContext.drift`). */
function driftOf(tool: PdgTool, context: CallContext): readonly Drift[] {
  return context.drift?.(tool.provider, tool.endpointName) ?? [];
}

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
    const kept = fields === undefined ? wholeAnswer : projection(tool, checkFields(tool, fields));
    const answer = tool.endpoint.paging
      ? await walk(tool, args, context, kept)
      : await single(tool, args, context, kept);
    return answerResult(fitted(tool, answer, context));
  } catch (error) {
    return toolError(error);
  }
}

/**
 * An answer before it is fitted to the limit: `finish(kept)` is the result with its first `kept` items (a
 * walk's result then says to go on after the last one kept), `itemBytes` the size of each item.
 */
interface Answer {
  readonly itemBytes: readonly number[];
  finish(kept: number): Record<string, unknown>;
}

/**
 * The answer as sent, everything added to it (the drift said, the key redacted) and measured whole: at most
 * `maxResultBytes`. What drifted is said in full where there is room, else in part; a walk whose result is
 * still over returns fewer items (going on after the last kept), and one that cannot fit even one is an error.
 */
function fitted(tool: PdgTool, answer: Answer, context: CallContext): Record<string, unknown> {
  const max = context.limits.maxResultBytes;
  const sent = (value: Record<string, unknown>) => context.endpoints.redact(value);
  // Measured as the result step measures every result: the answer as sent, text and structured content.
  const bytesOf = (value: Record<string, unknown>) => resultBytes(answerResult(sent(value)));
  const fits = (value: Record<string, unknown>) => bytesOf(value) <= max;
  const drift = driftOf(tool, context);
  let kept = answer.itemBytes.length;
  for (;;) {
    const result = answer.finish(kept);
    const told = withDrift(result, drift, fits);
    if (fits(told)) return sent(told);
    const bytes = bytesOf(result);
    if (kept <= 1) throw overLimit(tool, bytes, max);
    let dropped = 0;
    while (kept > 1 && dropped < bytes - max) dropped += answer.itemBytes[--kept] ?? 0;
  }
}

async function single(
  tool: PdgTool,
  args: Record<string, unknown> | undefined,
  context: CallContext,
  kept: Projection,
): Promise<Answer> {
  const { limits } = context;
  // Measured as sent: projected, and with the key redacted (`[redacted]` may be longer than what it replaces).
  const result = context.endpoints.redact(
    kept.answer(await context.endpoints.run(tool.provider, tool.endpointName, args ?? {}, signalOption(context))),
  );
  const drifted = driftOf(tool, context).length > 0;
  const budget = limits.maxResultBytes - reserved(limits) - (drifted ? driftRoom(limits) : 0);
  const { value, cuts } = cutToSize(result, budget, 'result');
  const answered =
    cuts.length === 0
      ? { result: value }
      : {
          result: value,
          note: `Cut to fit ${bytesText(context.limits.maxResultBytes)}: ${describeCuts(cuts)}. For the rest, ask for less (narrower params, a smaller limit where the endpoint has one).`,
        };
  return { itemBytes: [], finish: () => answered };
}

/** The walk arguments of a paged tool, checked against `limits` (the tool's, or a task's), and the params without them. */
export function walkOptions(tool: PdgTool, args: Record<string, unknown>, limits: ResolvedLimits) {
  const params = Object.fromEntries(
    Object.entries(args).filter(([name]) => !(walkArguments as readonly string[]).includes(name)),
  );
  const count = (name: 'maxItems' | 'maxPages', fallback: number, max: number): number => {
    const value = args[name];
    if (value === undefined) return fallback;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
      throw pdgError({
        code: 'INVALID_PARAMS',
        provider: tool.provider,
        endpoint: tool.endpointName,
        issues: [
          { path: name, message: `must be a whole number from 1 to ${max} (received ${JSON.stringify(value)})` },
        ],
        message: `Invalid arguments for ${tool.name}: ${name} must be a whole number from 1 to ${max} (received ${JSON.stringify(value)}).`,
        nothingSent: true,
      });
    }
    return value;
  };
  // Own properties only: a `resume` reached through the arguments' prototype is none.
  const resume = Object.hasOwn(args, 'resume') ? checkedResume(tool, args.resume) : undefined;
  return {
    params,
    maxItems: count('maxItems', limits.defaultItems, limits.maxItems),
    maxPages: count('maxPages', limits.defaultPages, limits.maxPages),
    resume,
  };
}

/** The keys of a checkpoint a result gives as `walk.resume` (it gives one only while the walk goes on). */
const resumeKeys: readonly string[] = ['at', 'taken'];

/**
 * `resume` as a result gave it: an object of `at` and `taken` only. Any other key (`__proto__`, a misspelt
 * `page`) is refused rather than left out, which would take the walk from its start. The values are checked
 * by core, as for any checkpoint.
 */
function checkedResume(tool: PdgTool, resume: unknown): WalkCheckpoint | undefined {
  if (resume === undefined) return undefined;
  const keys = typeof resume === 'object' && resume !== null && !Array.isArray(resume) ? Object.keys(resume) : [];
  const others = keys.filter((key) => !resumeKeys.includes(key));
  if (keys.length > 0 && others.length === 0) return resume as WalkCheckpoint;
  const received =
    keys.length === 0
      ? `received ${shortJson(resume)}`
      : `received the keys ${others.slice(0, 3).map(shortJson).join(', ')}${others.length > 3 ? ', ...' : ''}`;
  const rule = `must be the walk.resume a previous call returned, passed back as is: an object of at and taken only (${received})`;
  throw pdgError({
    code: 'INVALID_PARAMS',
    provider: tool.provider,
    endpoint: tool.endpointName,
    issues: [{ path: 'resume', message: rule }],
    message: `Invalid arguments for ${tool.name}: resume ${rule}.`,
    nothingSent: true,
  });
}

/** A value's JSON for a message, its first 40 characters when longer (a key or value may be any size). */
function shortJson(value: unknown): string {
  const text = JSON.stringify(value) ?? typeof value;
  return text.length <= 40 ? text : `${text.slice(0, 40)}… (${text.length.toLocaleString('en-US')} characters)`;
}

/**
 * What a walk keeps within the result limit: the first page's other fields (cut to a quarter of the room),
 * then items while they fit, room kept for what drifted once the endpoint has drifted. One item larger
 * than the whole limit is kept cut, when it is the first.
 */
function keeper(tool: PdgTool, context: CallContext, projected: Projection) {
  const { limits } = context;
  const paging = tool.endpoint.paging as NonNullable<PdgTool['endpoint']['paging']>;
  // Fields of a page that only say where the walk is: the walk's summary says it for the whole walk.
  const pagingFields = pagingFieldsOf(paging);
  const items: unknown[] = [];
  /** For each item kept: its size. */
  const itemBytes: number[] = [];
  const cuts: Cut[] = [];
  let firstPage: Record<string, unknown> | undefined;
  let budget = limits.maxResultBytes - reserved(limits);
  let driftCounted = false;
  return {
    items,
    itemBytes,
    cuts,
    firstPage: () => firstPage,
    /** Room left: none once an item had to be cut. */
    full: () => budget <= 0,
    /** A page arrived: room for what drifted (told as its page arrives), and the first page's own fields. */
    page(page: unknown): void {
      if (!driftCounted && driftOf(tool, context).length > 0) {
        budget -= driftRoom(limits);
        driftCounted = true;
      }
      if (firstPage !== undefined) return;
      // Measured as sent: with the key redacted (`[redacted]` may be longer than what it replaces).
      const record = (context.endpoints.redact(projected.page(page)) ?? {}) as Record<string, unknown>;
      const fields = Object.fromEntries(
        Object.entries(record).filter(([name]) => name !== paging.items && !pagingFields.includes(name)),
      );
      const cut = cutToSize(fields, Math.floor(budget / 4), 'firstPage');
      firstPage = cut.value as Record<string, unknown>;
      cuts.push(...cut.cuts);
      budget -= jsonBytes(firstPage);
    },
    /** Keeps the item if it fits (or cut, as the first); false when it does not, and the walk stops before it. */
    take(given: unknown): boolean {
      const item = context.endpoints.redact(projected.item(given));
      const size = jsonBytes(item) + 1;
      if (size <= budget) {
        items.push(item);
        itemBytes.push(size);
        budget -= size;
        return true;
      }
      if (items.length > 0) return false;
      // One item larger than the whole limit: it is returned cut, and the walk goes on after it.
      const cut = cutToSize(item, budget, `${paging.items}[0]`);
      items.push(cut.value);
      itemBytes.push(jsonBytes(cut.value) + 1);
      cuts.push(...cut.cuts);
      budget = 0;
      return true;
    },
  };
}

/**
 * Walks the items of a paged endpoint through core's item walk, up to `maxItems` items, `maxPages` pages
 * and the result limit. Where it stops before the end, `walk.resume` is the walk's checkpoint (`{ at, taken
 * }`: the page, and the items of it already returned), so the next call goes on with no item skipped or
 * repeated. The first page's own fields (a thread's opening post, a profile, a total) reach the model too;
 * no page past the last item taken is fetched.
 */
async function walk(
  tool: PdgTool,
  args: Record<string, unknown>,
  context: CallContext,
  projected: Projection,
): Promise<Answer> {
  const { params, maxItems, maxPages, resume } = walkOptions(tool, args, context.limits);
  const kept = keeper(tool, context, projected);
  const walking = context.endpoints.items(tool.provider, tool.endpointName, params, {
    maxPages,
    ...(resume === undefined ? {} : { resume }),
    ...signalOption(context),
    onPage: (page) => kept.page(page),
  });
  const start = walking.checkpoint;
  /** For each item kept: the checkpoint just after it (the walk sets it before handing the item out). */
  const afterItem: WalkCheckpoint[] = [];
  let stoppedBy: string | undefined;
  try {
    for await (const item of walking) {
      if (!kept.take(item)) {
        stoppedBy = 'the result limit';
        break;
      }
      afterItem.push(walking.checkpoint);
      if (kept.items.length >= maxItems || kept.full()) {
        if (!walking.checkpoint.done) stoppedBy = kept.full() ? 'the result limit' : `maxItems ${maxItems}`;
        break;
      }
    }
  } finally {
    await walking.return();
  }
  // Where the walk goes on: past the last item kept when stopped, else where the walk ended (past any empty page, or done).
  const end = stoppedBy === undefined ? walking.checkpoint : (afterItem.at(-1) ?? start);
  if (stoppedBy === undefined && !end.done && walking.pageCount >= maxPages) stoppedBy = `maxPages ${maxPages}`;
  const walked = {
    items: kept.items,
    firstPage: kept.firstPage(),
    pages: walking.pageCount,
    cuts: kept.cuts,
    end,
    stoppedBy,
  };
  return {
    itemBytes: kept.itemBytes,
    finish: (count) => walkResult(tool, context, fewer(walked, count, { start, afterItem })),
  };
}

/** A walk as it ended: its items, the first page's other fields, pages fetched, what was cut, where it stopped. */
interface Walked {
  readonly items: readonly unknown[];
  readonly firstPage: Record<string, unknown> | undefined;
  readonly pages: number;
  readonly cuts: readonly Cut[];
  readonly end: WalkCheckpoint;
  readonly stoppedBy: string | undefined;
}

/** The walk with its first `kept` items only, stopped by the result limit just after the last one kept. */
function fewer(
  walked: Walked,
  kept: number,
  where: { readonly start: WalkCheckpoint; readonly afterItem: readonly WalkCheckpoint[] },
): Walked {
  if (kept >= walked.items.length) return walked;
  return {
    ...walked,
    items: walked.items.slice(0, kept),
    end: (kept === 0 ? where.start : where.afterItem[kept - 1]) ?? where.start,
    stoppedBy: 'the result limit',
  };
}

/** A walk's result: its items, the first page's fields, the walk's summary, and a note on how to go on. */
function walkResult(tool: PdgTool, context: CallContext, walked: Walked): Record<string, unknown> {
  const { limits } = context;
  const paging = tool.endpoint.paging as NonNullable<PdgTool['endpoint']['paging']>;
  const { items, firstPage, end, cuts } = walked;
  const done = end.done === true;
  const notes: string[] = [];
  if (!done) {
    const stoppedBy =
      walked.stoppedBy === 'the result limit'
        ? `the ${bytesText(limits.maxResultBytes)} result limit`
        : walked.stoppedBy;
    notes.push(
      `Stopped at ${stoppedBy ?? 'the end of what the gateway gave'}; more ${paging.items} may remain. To go on, call ${context.again ?? `${tool.name} again with the same params and`} "resume": ${JSON.stringify(end)}.`,
    );
  }
  if (cuts.length > 0) notes.push(`Cut to fit ${bytesText(limits.maxResultBytes)}: ${describeCuts(cuts)}.`);
  return {
    [paging.items]: items,
    ...(firstPage === undefined ? {} : { firstPage }),
    walk: { items: items.length, pages: walked.pages, done, ...(done ? {} : { resume: end }) },
    ...(notes.length > 0 ? { note: notes.join(' ') } : {}),
  };
}

/** A result that cannot be cut to the limit (what is left is what a walk needs to go on): an error, never more. */
function overLimit(tool: PdgTool, bytes: number, max: number): PdgError {
  return pdgError({
    code: 'INVALID_RESPONSE',
    provider: tool.provider,
    endpoint: tool.endpointName,
    message: `The result of ${tool.name} would be ${bytesText(bytes)} even cut, over the ${bytesText(max)} result limit: what is left cannot be cut (such as a page cursor that long). Ask for less, or raise limits.maxResultBytes.`,
  });
}

function signalOption(context: CallContext): { signal?: AbortSignal } {
  return context.signal ? { signal: context.signal } : {};
}

function bytesText(bytes: number): string {
  return `${bytes.toLocaleString('en-US')} bytes`;
}
