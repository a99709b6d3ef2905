/**
 * Every kind of PdgError the SDK throws, built and worded here and nowhere else: the rest of core says what
 * happened, these functions say it to the user. Messages name the provider and endpoint first, then what
 * went wrong, then how to fix it where the caller can.
 */
import type { CallTarget } from './call-target.js';
import { PdgError, type PdgErrorCode, type PdgErrorInit, type PdgIssue } from './errors.js';
import { excerpt } from './redact.js';

/** `jobs:jobboard browse`: how a message names the call. */
function named(target: CallTarget): string {
  return `${target.provider} ${target.endpoint}`;
}

/** A PdgError about the call `target` names (none for a client set up wrongly). */
function errorAbout(target: CallTarget | undefined, init: Omit<PdgErrorInit, 'provider' | 'endpoint'>): PdgError {
  return new PdgError({ ...init, provider: target?.provider, endpoint: target?.endpoint });
}

/** A thrown value in a few words, for a message: `TypeError: ...`, or the value as text. */
export function describeThrown(thrown: unknown): string {
  return thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown);
}

/** `USAGE`: the client or the call was set up wrongly, before anything was sent. */
export function usageError(message: string, target?: CallTarget): PdgError {
  return errorAbout(target, { code: 'USAGE', message });
}

/** `INVALID_PARAMS`: each param and the rule it broke; nothing was sent. */
export function invalidParamsError(target: CallTarget, issues: readonly PdgIssue[], cause?: unknown): PdgError {
  const broken = issues.map((issue) => `${issue.path} ${issue.message}`).join('; ');
  return errorAbout(target, {
    code: 'INVALID_PARAMS',
    message: `Invalid params for ${named(target)}: ${broken}. Nothing was sent.`,
    issues,
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

/** Where a walk was when the gateway pointed back to a page or cursor it had already fetched. */
export interface PagingCycle {
  /** `page` or `cursor`. */
  readonly param: 'page' | 'cursor';
  /** The position pointed back to. */
  readonly next: unknown;
  /** Pages fetched so far. */
  readonly fetched: number;
}

/** `INVALID_RESPONSE`: a walk would never end; the pages before were delivered. */
export function pagingCycleError(target: CallTarget, cycle: PagingCycle): PdgError {
  const { param, next, fetched } = cycle;
  const shown = JSON.stringify(typeof next === 'string' ? excerpt(next, 80) : next);
  return errorAbout(target, {
    code: 'INVALID_RESPONSE',
    message: `${named(target)}: after ${fetched} page(s) the gateway pointed back to ${param} ${shown}, which was already fetched; following it would never end. This is a gateway bug; the pages so far were delivered.`,
    issues: [
      {
        path: param === 'page' ? 'nextPage' : 'nextCursor',
        message: `points back to ${param} ${shown}, already fetched`,
      },
    ],
  });
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
