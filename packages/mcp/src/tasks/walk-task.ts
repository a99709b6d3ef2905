/**
 * A walk as a task's work: every item up to the task's bounds, each kept as the tool keeps it (projected by
 * `fields`, the key redacted), progress told after each item, and at the end one result: the items with the
 * walk's summary inline when it fits the task's result bound, else a `resource_link` to the whole of it.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isPdgError, type WalkCheckpoint } from '@pdg/core';
import { pagingFieldsOf } from '@pdg/core/describe';
import { jsonBytes } from '../cut-to-size.js';
import { toolError } from '../errors.js';
import type { ResolvedLimits } from '../limits.js';
import { answerResult, finishedResult, type Redact, resultBytes } from '../result-step.js';
import { withRestLinked } from '../walk-link.js';
import type { TaskOutcome, TaskWork } from './task.js';
import type { ResolvedTaskLimits } from './task-limits.js';
import { taskResourceUri } from './task-resource.js';
import type { WalkRequest } from './walk-request.js';
import type { SourceWalk, WalkSource } from './walk-source.js';

export interface WalkTaskOptions {
  readonly request: WalkRequest;
  /** Where the items come from: this process, or a queue's walk job. */
  readonly source: WalkSource;
  /** The redaction of the client whose key the walk spends. */
  readonly redact: Redact;
  readonly limits: ResolvedTaskLimits;
  /** The tools' limits: what a result says the tool can take again (`resume`). */
  readonly toolLimits: ResolvedLimits;
}

/** How a walk ended: its items, the first page's other fields, pages fetched, where it stopped and why. */
interface Walked {
  readonly items: readonly unknown[];
  readonly firstPage: Record<string, unknown> | undefined;
  readonly pages: number;
  readonly end: WalkCheckpoint;
  /** Why the walk stopped before the end of the listing, if it did. */
  readonly stoppedBy: string | undefined;
}

export function walkTask(options: WalkTaskOptions): TaskWork {
  const { request, source, redact, limits } = options;
  const { tool } = request;
  const paging = tool.endpoint.paging as NonNullable<typeof tool.endpoint.paging>;
  // Fields of a page that only say where the walk is: the walk's summary says it for the whole walk.
  const pagingFields = new Set([paging.items, ...pagingFieldsOf(paging)]);
  const pageFields = (page: unknown) => {
    const record = (redact(request.projection.page(page)) ?? {}) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(record).filter(([name]) => !pagingFields.has(name)));
  };
  return {
    title: `${tool.provider} ${tool.endpointName}`,
    async run({ taskId, signal, report }) {
      const items: unknown[] = [];
      let firstPage: Record<string, unknown> | undefined;
      let held = 0;
      let stoppedBy: string | undefined;
      let walking: SourceWalk | undefined;
      const progress = () => report({ pages: walking?.pageCount ?? 0, items: items.length });
      walking = source(request, {
        signal,
        onPage: (page) => {
          if (firstPage === undefined && page !== undefined) {
            firstPage = pageFields(page);
            held += jsonBytes(firstPage);
          }
          progress();
        },
      });
      let end = walking.checkpoint;
      try {
        for await (const given of walking) {
          const item = redact(request.projection.item(given));
          const size = jsonBytes(item) + 1;
          if (held + size > limits.maxHeldBytes && items.length > 0) {
            stoppedBy = `the ${bytesText(limits.maxHeldBytes)} a task holds`;
            break;
          }
          items.push(item);
          held += size;
          end = walking.checkpoint;
          progress();
          if (items.length >= request.maxItems) {
            if (!walking.checkpoint.done) stoppedBy = `maxItems ${request.maxItems}`;
            break;
          }
        }
        if (stoppedBy === undefined) {
          end = walking.checkpoint;
          if (!end.done && walking.pageCount >= request.maxPages) stoppedBy = `maxPages ${request.maxPages}`;
        }
      } catch (error) {
        // Cancelled: the task says so already. A fault of this server: the task fails.
        if (signal.aborted || !isPdgError(error)) throw error;
        if (items.length === 0) {
          return {
            result: finishedResult(
              toolError(error),
              { ...options.toolLimits, maxResultBytes: limits.maxResultBytes },
              redact,
            ),
            summary: `ended with ${error.code}: ${redact(error.message)}`,
          };
        }
        // Items were taken: they are the result, and the walk goes on after the last one, later.
        stoppedBy = `${error.code} (${redact(error.message)})`;
      } finally {
        await walking.return();
      }
      progress();
      return outcome(taskId, options, { items, firstPage, pages: walking.pageCount, end, stoppedBy });
    },
  };
}

/** The walk's result: inline when it fits the task's result bound, else a link to the whole of it. */
function outcome(taskId: string, options: WalkTaskOptions, walked: Walked): TaskOutcome {
  const { request, limits, redact } = options;
  const { tool } = request;
  const paging = tool.endpoint.paging as NonNullable<typeof tool.endpoint.paging>;
  const done = walked.end.done === true && walked.stoppedBy === undefined;
  const walk = { items: walked.items.length, pages: walked.pages, done, ...(done ? {} : { resume: walked.end }) };
  const goOn = done
    ? undefined
    : `Stopped at ${walked.stoppedBy ?? 'the end of what the gateway gave'}; more ${paging.items} may remain. To go on, call ${tool.name} again with the same params and "resume": ${JSON.stringify(walked.end)}.`;
  const value = {
    [paging.items]: walked.items,
    ...(walked.firstPage === undefined ? {} : { firstPage: walked.firstPage }),
    walk,
    ...(goOn === undefined ? {} : { note: goOn }),
  };
  const summary = `${walked.items.length} ${paging.items} from ${walked.pages} pages, ${done ? 'the whole listing' : `stopped at ${walked.stoppedBy ?? 'the end of what the gateway gave'}`}.`;
  const inline = answerResult(value);
  const bound = { ...options.toolLimits, maxResultBytes: limits.maxResultBytes };
  // A walk stopped before its end links the rest of it, as a tool's result does (walk-link.ts): read with
  // the tool's own bounds, from where the task stopped.
  const params = { ...request.params, ...(request.fields === undefined ? {} : { fields: request.fields }) };
  const restLinked = (result: CallToolResult) => withRestLinked(result, { tool, params, bounds: {} }, bound);
  if (resultBytes(inline) <= limits.maxResultBytes) {
    return { result: restLinked(finishedResult(inline, bound, redact)), summary };
  }
  const held = JSON.stringify(value);
  const uri = taskResourceUri(taskId);
  const bytes = Buffer.byteLength(held);
  const note =
    `The whole result, ${bytesText(bytes)} of JSON (over the ${bytesText(limits.maxResultBytes)} sent inline), is the resource ${uri}: read it with resources/read. ${goOn ?? ''}`.trim();
  const linked: CallToolResult = {
    content: [
      { type: 'text', text: `${summary} ${note}` },
      {
        type: 'resource_link',
        uri,
        name: `${tool.name} walk`,
        title: `${tool.provider} ${tool.endpointName}: ${summary}`,
        mimeType: 'application/json',
        size: bytes,
      },
    ],
    structuredContent: { walk, note },
  };
  return { result: restLinked(linked), held, summary };
}

function bytesText(bytes: number): string {
  return `${bytes.toLocaleString('en-US')} bytes`;
}
