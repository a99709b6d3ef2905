/**
 * `pdg run --all`: every item of every page as NDJSON, through core's item walk. Progress goes to stderr
 * as each page is done; a signal stops the walk between two lines, and a failure after some pages says
 * where the walk stopped; both print the command that continues it (`--resume`).
 */

import type { AnyProvider, PdgClient, WalkCheckpoint } from '@pdg/core';
import { type ClientEndpoints, endpointsOf, isPdgError, usageError } from '@pdg/core/face';
import type { ParsedArgs } from '../args.js';
import { type Interruption, shellQuoted, watchInterrupts } from '../interrupts.js';
import { messageOf, pdgCommand, redacted, write } from '../io.js';
import { terminalJson, visible } from '../terminal-text.js';

/** A walk as `pdg run --all` asked for it. */
export interface WalkRequest {
  readonly provider: AnyProvider;
  readonly endpointName: string;
  readonly params: Record<string, unknown>;
  readonly maxItems: number | undefined;
  readonly maxPages: number | undefined;
  readonly maxEmptyPages: number | undefined;
  readonly resume: WalkCheckpoint | undefined;
  /** Says how the walk goes on stderr, unless --quiet. */
  readonly progress: (line: string) => void;
}

/** Where a walk was when it stopped. */
interface StoppedAt {
  readonly at: WalkCheckpoint;
  readonly itemCount: number;
  readonly pageCount: number;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Writes every item of the walk; the exit code: 0 done, 1 failed after some pages, 130/143 on a signal. */
export async function walkAll(pdg: PdgClient<readonly AnyProvider[]>, request: WalkRequest): Promise<number> {
  const { provider, endpointName, params, maxItems, maxPages, maxEmptyPages, resume, progress } = request;
  const interrupts = watchInterrupts();
  let itemCount = 0;
  try {
    const endpoints = endpointsOf(pdg);
    const walk = endpoints.items(provider.id, endpointName, params, {
      ...(maxItems === undefined ? {} : { maxItems }),
      ...(maxPages === undefined ? {} : { maxPages }),
      ...(maxEmptyPages === undefined ? {} : { maxEmptyPages }),
      ...(resume === undefined ? {} : { resume }),
      signal: interrupts.signal,
      onPageDone: (_page, pageCount) => progress(`page ${pageCount}: ${plural(itemCount, 'item')} so far`),
    });
    // Where the walk is: just after the last line written whole (the walk sets its checkpoint past each item).
    let at = walk.checkpoint;
    try {
      for await (const item of walk) {
        // A signal stops the walk here, between lines: the item just handed out is not written.
        if (interrupts.received) break;
        await write(process.stdout, terminalJson(endpoints.redact(item)));
        itemCount++;
        at = walk.checkpoint;
      }
      if (!interrupts.received) at = walk.checkpoint;
    } catch (error) {
      // A signal aborts the page being fetched: the walk stops before it, nothing of it written.
      if (!interrupts.received) {
        const stopped = { at, itemCount, pageCount: walk.pageCount };
        return failedWalk(error, stopped, { request, page: walk.page, endpoints });
      }
    } finally {
      await walk.return();
    }
    if (interrupts.received) return stoppedWalk(interrupts, { at, itemCount, pageCount: walk.pageCount });
    progress(`done: ${plural(itemCount, 'item')} from ${plural(walk.pageCount, 'page')}`);
    return 0;
  } finally {
    interrupts.stop();
  }
}

/**
 * A walk a failure ended. Before any page, or for a `--resume` its page refutes, the failure is thrown (exit
 * 1, or 2 for the checkpoint). After some pages were written, the output so far is whole, and the walk can go
 * on from the page that failed once the gateway answers it: the failure, where the walk stopped and how to go
 * on from there, on stderr; exit code 1, as for any failed call.
 */
function failedWalk(
  error: unknown,
  stopped: StoppedAt,
  {
    request,
    page,
    endpoints,
  }: { readonly request: WalkRequest; readonly page: unknown; readonly endpoints: ClientEndpoints },
): number {
  const { resume } = request;
  // The only refusal of the client once a page is here: a checkpoint that took more items than its page holds.
  if (isPdgError(error) && error.code === 'USAGE' && resume !== undefined && stopped.itemCount === 0) {
    const items = endpoints.itemsOf(request.provider.id, request.endpointName, page);
    throw usageError(
      `--resume says ${resume.taken} items of its page were taken, but that page has ${items.length}: it is not a checkpoint pdg printed for this walk (or the data changed). Run without --resume to start over.`,
    );
  }
  if (stopped.pageCount === 0) throw error;
  process.stderr.write(`pdg: ${messageOf(error)}\npdg: the walk stopped after ${whereStopped(stopped)}`);
  return 1;
}

/**
 * A walk stopped by SIGINT or SIGTERM: says on stderr where it stopped and how to continue, and gives the
 * shell's exit code for the signal (130, 143).
 */
function stoppedWalk(interrupts: Interruption, stopped: StoppedAt): number {
  process.stderr.write(`pdg: stopped by ${interrupts.received} after ${whereStopped(stopped)}`);
  return interrupts.exitCode;
}

/** `N item(s) from M page(s), at CHECKPOINT.` and the command that continues from there, for stderr. */
function whereStopped(stopped: StoppedAt): string {
  const checkpoint = terminalJson(stopped.at);
  const resumeArgs = [...withoutResume(process.argv.slice(2)), '--resume', checkpoint].map(shellQuoted);
  return (
    `${stopped.itemCount} item(s) from ${stopped.pageCount} page(s), at ${visible(redacted(checkpoint))}.\n` +
    `pdg: to continue: ${visible(redacted([pdgCommand(), ...resumeArgs].join(' ')))}\n`
  );
}

/** The command line without a `--resume` it was given (the new one replaces it). */
function withoutResume(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const token = argv[index] as string;
    if (token === '--resume') index++;
    else if (!token.startsWith('--resume=')) out.push(token);
  }
  return out;
}

/** `--resume JSON`: the checkpoint an interrupted walk printed, read back; core checks its fields. */
export function resumeFlag(args: ParsedArgs): WalkCheckpoint | undefined {
  const text = args.flags.get('resume');
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as WalkCheckpoint;
  } catch {
    throw usageError(
      `--resume takes the checkpoint pdg printed when a walk stopped, as JSON such as '{"at":3,"taken":2}' (received ${JSON.stringify(text)}).`,
    );
  }
}
