/**
 * How many code-mode programs run at once: at most `maxProgramsPerCaller` of one caller's and `maxPrograms`
 * in all, so that one model's programs cannot hold a shared server (each runs on a worker thread of its own,
 * some 25 MB before its program's own memory). Past either, a program is refused at once with how many run:
 * not queued, which would hold the caller's connection open for as long as the others take.
 *
 * A caller is a key's identity (core's, never the key): the server's own key (a local server has one
 * caller), the key a request brings, or a signed-in user's.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { errorText, type ToolErrorFields } from './errors.js';
import type { ResolvedLimits } from './limits.js';

/** A program's place among those running: given back with `release` when it ends, however it ends. */
export interface ProgramSlot {
  release(): void;
}

export interface ProgramSlots {
  /** A place for one more of the caller's programs, or the tool error refusing it. */
  take(caller: string): ProgramSlot | { readonly refusal: CallToolResult };
}

/** The slots of one server: one count per caller with programs running, and the count of all. */
export function programSlots(limits: Pick<ResolvedLimits, 'maxProgramsPerCaller' | 'maxPrograms'>): ProgramSlots {
  const running = new Map<string, number>();
  let all = 0;
  return {
    take(caller) {
      const own = running.get(caller) ?? 0;
      if (own >= limits.maxProgramsPerCaller) {
        return refusal(
          `${programs(own)} of yours ${own === 1 ? 'is' : 'are'} running, the most one caller may run at once on this server: wait for one to finish, then run this one again.`,
          { running: own, limit: limits.maxProgramsPerCaller },
        );
      }
      if (all >= limits.maxPrograms) {
        return refusal(
          `${programs(all)} ${all === 1 ? 'is' : 'are'} running on this server, the most it runs at once for all its callers together: wait for one to finish, then run this one again.`,
          { running: all, limit: limits.maxPrograms },
        );
      }
      running.set(caller, own + 1);
      all += 1;
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          all -= 1;
          const left = (running.get(caller) ?? 1) - 1;
          // A caller with none running is forgotten: the map holds only callers with programs running.
          if (left === 0) running.delete(caller);
          else running.set(caller, left);
        },
      };
    },
  };
}

function programs(count: number): string {
  return `${count} program${count === 1 ? '' : 's'}`;
}

/** `TOO_MANY_PROGRAMS`, retryable: the same program may run once another has finished. */
function refusal(message: string, counts: { running: number; limit: number }): { refusal: CallToolResult } {
  const fields: ToolErrorFields = {
    code: 'TOO_MANY_PROGRAMS',
    message: `${message} It was not run, and nothing was sent.`,
    retryable: true,
    ...counts,
  };
  return {
    refusal: {
      isError: true,
      content: [{ type: 'text', text: errorText(fields) }],
      structuredContent: { error: fields },
    },
  };
}
