/**
 * Every kind of PdgError the SDK throws, built and worded here and nowhere else: the rest of core says what
 * happened, these functions say it to the user. Messages name the provider and endpoint first, then what
 * went wrong, then how to fix it where the caller can.
 */

import type { CallTarget } from '../contract/call-target.js';
import type { RateLimitInfo } from './answer-headers.js';
import { PdgError, type PdgErrorCode, type PdgErrorInit, type PdgIssue } from './errors.js';
import { excerpt } from './redact.js';

/** `jobs:jobboard browse`: how a message names the call. */
function named(target: CallTarget): string {
  return `${target.provider} ${target.endpoint}`;
}

/** The sentence that ends the message of every error raised before anything was sent. */
const nothingSent = 'Nothing was sent.';

/** A PdgError about the call `target` names (none for a client set up wrongly). */
function errorAbout(target: CallTarget | undefined, init: Omit<PdgErrorSpec, 'provider' | 'endpoint'>): PdgError {
  return pdgError({ ...init, provider: target?.provider, endpoint: target?.endpoint });
}

/** What `pdgError` builds from: a PdgError's fields, and whether it was raised before anything was sent. */
export interface PdgErrorSpec extends PdgErrorInit {
  /** Raised before anything was sent: the message gets the standard closing sentence, `Nothing was sent.` */
  readonly nothingSent?: boolean | undefined;
}

/**
 * A PdgError for a failure core has no builder for, from a package built on core (a tool server's argument
 * check, a provider's own check of what it unpacks): the one place outside the builders above where a
 * PdgError is made, so every one is worded alike. `nothingSent: true` ends the message with
 * `Nothing was sent.`, as core's own errors raised before sending do.
 */
export function pdgError(spec: PdgErrorSpec): PdgError {
  // PdgError takes the fields it knows: `nothingSent` is not one of them.
  return new PdgError(spec.nothingSent ? { ...spec, message: `${spec.message} ${nothingSent}` } : spec);
}

/** A thrown value in a few words, for a message: `TypeError: ...`, or the value as text. */
export function describeThrown(thrown: unknown): string {
  return thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown);
}

/**
 * How many characters of a value the caller gave a message quotes: past that, a message quotes its start and
 * says its length, so that a megabyte passed as a param never comes back as a megabyte of message.
 */
export const quotedLength = 64;

/**
 * A text the caller gave (a value, a name, what a check of theirs threw), as a message quotes it: as JSON
 * (`"SG"`) when `json`, else as it is; one longer than 64 characters cut there, marked `…` and followed by its
 * length: `"xxxx…" (1048576 characters)`. Cut with `excerpt`, so a key cut in half there is still redacted.
 */
export function shortText(text: string, json?: boolean): string {
  const start = excerpt(text, quotedLength);
  const shown = json ? JSON.stringify(start) : start;
  return start === text ? shown : `${shown} (${text.length} characters)`;
}

/** `USAGE`: the client or the call was set up wrongly, before anything was sent. */
export function usageError(message: string, target?: CallTarget): PdgError {
  return errorAbout(target, { code: 'USAGE', message });
}

/**
 * `INVALID_PARAMS`: each param and the rule it broke; nothing was sent. A name the caller made up (a param no
 * endpoint has, on a loose endpoint any) is cut to its start in the issue's `path` and quoted short in the message.
 */
export function invalidParamsError(target: CallTarget, issues: readonly PdgIssue[], cause?: unknown): PdgError {
  const broken = issues.map((issue) => `${shortText(issue.path)} ${issue.message}`).join('; ');
  return errorAbout(target, {
    code: 'INVALID_PARAMS',
    message: `Invalid params for ${named(target)}: ${broken}.`,
    nothingSent: true,
    issues: issues.map((issue) => ({ ...issue, path: excerpt(issue.path, quotedLength) })),
    cause,
  });
}

const shownIssues = 5;

/** `INVALID_RESPONSE` from the response check: each path in the body and what it expected. */
export function responseShapeError(target: CallTarget, issues: readonly PdgIssue[], body: unknown): PdgError {
  const listed = issues
    .slice(0, shownIssues)
    .map((issue) => `${issue.path}: ${issue.message}`)
    .join('; ');
  const more = issues.length > shownIssues ? ` (and ${issues.length - shownIssues} more)` : '';
  return errorAbout(target, {
    code: 'INVALID_RESPONSE',
    message: `${named(target)}: the response does not match the documented shape: ${listed}${more}. Pass validate: 'report' to receive it and be told what differs, or validate: 'off' to receive the body as is.`,
    content: body,
    issues,
  });
}

/** `INVALID_RESPONSE`: an endpoint that declares the envelope answered without a success envelope. */
export function missingEnvelopeError(target: CallTarget, body: unknown): PdgError {
  return errorAbout(target, {
    code: 'INVALID_RESPONSE',
    message: `${named(target)}: expected the { status: "success", content } envelope, got ${describeBody(body)}`,
    content: body,
    issues: [{ path: 'status', message: 'expected the envelope status "success"' }],
  });
}

function describeBody(body: unknown): string {
  if (Array.isArray(body)) return 'an array';
  if (body === null) return 'null';
  if (typeof body !== 'object') return typeof body;
  const keys = Object.keys(body);
  return keys.length === 0 ? 'an empty object' : `an object with keys ${keys.slice(0, 8).join(', ')}`;
}

/** `INVALID_RESPONSE`: reading the answer failed in a way no step foresaw (a hook's own error, say). */
export function unreadableResponseError(target: CallTarget, thrown: unknown): PdgError {
  return errorAbout(target, {
    code: 'INVALID_RESPONSE',
    message: `${named(target)}: the response could not be processed (${describeThrown(thrown)}).`,
    cause: thrown,
  });
}

/** What a gateway did that would make a walk endless or skip pages, and where the walk was. */
export interface WalkFault {
  /** Pages fetched so far. */
  readonly fetched: number;
  /** The field of the page at fault: `nextPage`, `nextCursor`, `hasMore`, or the item array's name. */
  readonly path: string;
  /** What the gateway did, as a clause: `pointed back to cursor "c-a", already fetched`. */
  readonly did: string;
}

/**
 * `INVALID_RESPONSE`: a walk that following the gateway would make endless (a page or cursor already
 * fetched, pages with no items that keep saying `hasMore: true`) or leave silently short (`hasMore: true`
 * with nothing to follow). The pages before were delivered.
 */
export function walkFaultError(target: CallTarget, fault: WalkFault): PdgError {
  const { fetched, path, did } = fault;
  return errorAbout(target, {
    code: 'INVALID_RESPONSE',
    message: `${named(target)}: after ${fetched} page(s) the gateway ${did}; the walk stops here rather than loop or end as if complete. This is a gateway bug; the pages so far were delivered.`,
    issues: [{ path, message: did }],
  });
}

/** `INVALID_RESPONSE`: the body passed the call's `maxBodyBytes`; its reading was stopped there. */
export function bodyTooLargeError(target: CallTarget, maxBodyBytes: number): PdgError {
  return errorAbout(target, {
    code: 'INVALID_RESPONSE',
    message: `${named(target)}: the response body is larger than maxBodyBytes (${maxBodyBytes} bytes, counted decompressed); reading stopped there. If answers this large are expected, pass a larger maxBodyBytes to createClient or to the call.`,
  });
}

/** A page position for a message: a cursor cut to a readable length, quoted; a number as it is. */
export function shownPosition(position: unknown): string {
  return JSON.stringify(typeof position === 'string' ? excerpt(position, 80) : position) ?? String(position);
}

/** A `resume` checkpoint and the page it names, as the page arrived. */
export interface CheckpointMismatch {
  /** The page's number or cursor; absent for the first page. */
  readonly at: unknown;
  readonly taken: number;
  /** Items the page holds. */
  readonly items: number;
}

/**
 * `USAGE`: a `resume` checkpoint says more items of its page were taken than the page holds. `items()` (and so
 * `walkEndpointItems`) and the face's `itemSteps` and `pageSteps` refuse such a checkpoint with it; a walk
 * over `pages()` that hands out the items itself refuses it with the same words.
 */
export function checkpointMismatchError(target: CallTarget, mismatch: CheckpointMismatch): PdgError {
  const { at, taken, items } = mismatch;
  const page = at === undefined ? 'the first page' : `page ${shownPosition(at)}`;
  return usageError(
    `resume says ${taken} item(s) of ${page} were taken, but that page has ${items}: the checkpoint is not one this walk gave (or the data changed since), and following it would skip items silently. Start the walk without resume, or pass the checkpoint the walk gave, unchanged.`,
    target,
  );
}

/** What the gateway said when it refused or failed a call (pipeline/map-error.ts reads it from the answer). */
export interface GatewayFailure {
  readonly code: PdgErrorCode;
  readonly status: number;
  /** The gateway's `message`, or the text of a body that is not an envelope. */
  readonly gatewayMessage: string | undefined;
  readonly content: unknown;
  /** Seconds, from `Retry-After` (`RATE_LIMITED` only). */
  readonly retryAfter: number | undefined;
  readonly requestId?: string;
  readonly rateLimit?: RateLimitInfo;
}

/** `AUTH`, `RATE_LIMITED`, `NOT_FOUND`, `BAD_REQUEST`, `UPSTREAM`, `TIMEOUT` (408) or `HTTP`: the gateway's own refusal. */
export function gatewayError(target: CallTarget, failure: GatewayFailure): PdgError {
  const { code, status, gatewayMessage, retryAfter } = failure;
  const wait = retryAfter === undefined ? '' : ` (retry after ${retryAfter}s)`;
  return errorAbout(target, {
    ...failure,
    message: `${named(target)} failed (${code}, HTTP ${status}): ${gatewayMessage ?? `HTTP ${status}`}${wait}`,
  });
}

/** `HTTP`: a redirect that is not followed (`problem` says why). */
export function redirectError(target: CallTarget, problem: string, status?: number): PdgError {
  return errorAbout(target, { code: 'HTTP', message: `${named(target)}: ${problem}`, status });
}

/** `PARSE`: a success whose body is not JSON; `excerpt` is its start, already cut (redact.ts `excerpt`). */
export function parseError(target: CallTarget, status: number, excerpt: string): PdgError {
  const shown = excerpt === '' ? '(empty body)' : JSON.stringify(excerpt);
  return errorAbout(target, {
    code: 'PARSE',
    message: `${named(target)}: the gateway answered HTTP ${status} with a body that is not JSON: ${shown}`,
    status,
    content: excerpt,
  });
}

/** `NETWORK`: no complete answer arrived; `what` says where it failed (`could not reach https://…`). */
export function networkError(target: CallTarget, what: string, cause: unknown): PdgError {
  return errorAbout(target, { code: 'NETWORK', message: `${named(target)}: ${what}.`, cause });
}

/** `NETWORK`: something failed before a response arrived that no step foresaw (a custom fetch's or a hook's own error). */
export function requestFailedError(target: CallTarget, thrown: unknown): PdgError {
  return networkError(target, `the request failed before a response arrived (${describeThrown(thrown)})`, thrown);
}

/** `TIMEOUT`: the call's own timeout ran out. */
export function timeoutError(target: CallTarget, timeout: number): PdgError {
  return errorAbout(target, {
    code: 'TIMEOUT',
    message: `${named(target)}: no complete answer within the ${timeout} ms timeout (retries included). Pass a larger timeout to wait longer.`,
  });
}
