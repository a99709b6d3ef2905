/**
 * What the host and the program's worker say to each other. Only plain data crosses: the client, its key and
 * every gateway call stay on the host; the worker holds the engine and the program. Imported by both sides,
 * so it imports no code (types only).
 */
import type { ResolvedBounds } from './bounds.js';

/** Characters of one call's params as JSON (and of a walk's options): longer is refused before it is parsed. */
export const maxParamsChars = 65_536;
/** Characters of a provider id or an endpoint name: longer is refused before anything is looked up. */
export const maxNameChars = 200;
/** Walks a program may have open at once (each holds its params and position on the host until it ends). */
export const maxOpenWalks = 16;
/** Characters of a message quoted from a received value or an error: past it, the length is said instead. */
export const maxQuotedChars = 1_000;

/** Why a program gave no answer, as the worker reports it; the host makes the `SandboxError`. */
export type Failure =
  | { readonly kind: 'bound'; readonly bound: keyof ResolvedBounds; readonly detail?: string }
  | { readonly kind: 'program'; readonly message: string }
  | { readonly kind: 'gateway'; readonly code: string; readonly message: string };

/** The host's answer to a call or a walk's step: the answer's JSON text, or the error to reject with. */
export type Settled =
  | { readonly type: 'settle'; readonly id: number; readonly json: string }
  | {
      readonly type: 'settle';
      readonly id: number;
      /** Rejected in the sandbox as an error named `PdgError`, with this `code` and `message`. */
      readonly error: { readonly message: string; readonly code: string };
    };

export type ToWorker =
  | { readonly type: 'prepare'; readonly code: string; readonly bounds: ResolvedBounds }
  | { readonly type: 'go' }
  | Settled;

export type FromWorker =
  /** The engine is loaded: the worker can take a program. `thread`: see `ownThread` in cpu-time.ts. */
  | { readonly type: 'loaded'; readonly thread?: number }
  /** The program parsed and its sandbox is ready: it runs on `go`. */
  | { readonly type: 'prepared' }
  | {
      readonly type: 'call';
      readonly id: number;
      readonly provider: string;
      readonly endpoint: string;
      readonly params: string;
    }
  | {
      readonly type: 'open';
      readonly walk: number;
      readonly items: boolean;
      readonly provider: string;
      readonly endpoint: string;
      readonly params: string;
      readonly options: string;
    }
  | { readonly type: 'next'; readonly id: number; readonly walk: number }
  | { readonly type: 'close'; readonly walk: number }
  | { readonly type: 'answer'; readonly json: string | undefined; readonly console: string }
  | { readonly type: 'failure'; readonly failure: Failure };

/** `text` whole if short, else its start and its length: a message never carries a received value whole. */
export function quoted(text: string, limit = maxQuotedChars): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}… (cut: ${text.length.toLocaleString('en-US')} characters in all)`;
}

/** Why a text the program passed is refused, or undefined if it is short enough. */
export function tooLong(what: string, length: number, limit: number): string | undefined {
  if (length <= limit) return undefined;
  return `${what} is ${length.toLocaleString('en-US')} characters; at most ${limit.toLocaleString('en-US')} are accepted. Nothing was sent: pass smaller values (params name what to fetch; filter the answers in the program).`;
}
