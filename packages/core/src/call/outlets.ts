import { answerInfo } from '../errors/answer-headers.js';
import type { PdgError } from '../errors/errors.js';
import { excerpt, type Redactor } from '../errors/redact.js';
import type { ResponseMeta } from './call-result.js';
import type { Drift, HookContext, Hooks } from './hooks.js';

/**
 * Everything a call hands to code outside the pipeline leaves through here, with the API key redacted on
 * the way out: the hooks' arguments at their points, debug lines, response metadata and the error a call
 * fails with. This is the one place that redacts; the steps themselves never see the key (only `send`,
 * which puts it in the header). A point no hook uses is `undefined`, so a call without hooks pays nothing.
 */
export interface Outlets {
  /**
   * Before the first request is sent: `beforeRequest` hooks may replace it. The request carries the key in
   * its header, as it goes to the key's own origin; a hook may need to sign or replace it.
   */
  readonly beforeRequest: ((context: HookContext, request: Request) => Promise<Request | undefined>) | undefined;
  /** Before each retry, with the failure that caused it. */
  readonly beforeRetry: ((context: HookContext, attempt: number, error: PdgError) => Promise<void>) | undefined;
  /** After a 2xx body is parsed, before it is unwrapped and checked: hooks may replace it. Returns the body to go on with. */
  readonly afterResponse: ((context: HookContext, parsed: ParsedResponse) => Promise<unknown>) | undefined;
  /** After each request sent: the `debug` line. */
  readonly afterAttempt: ((attempt: AttemptRecord) => void) | undefined;
  /**
   * When a response differs from its documented shape (`validate: 'report'`): each difference not yet
   * reported for this endpoint and field goes to the `onDrift` hooks and the `debug` line, once per client.
   */
  drifted(context: HookContext, drift: readonly Drift[]): void;
  /** What `runWithResponse` gives besides the result. */
  responseMeta(meta: ResponseMeta): ResponseMeta;
  /** When a call fails: the error to throw, after the `onError` hooks have seen it. */
  failed(context: HookContext, error: PdgError): Promise<PdgError>;
  /** When a walk fails on its own account (a paging cycle naming a cursor): the error to throw. */
  walkFailed(error: unknown): unknown;
}

/** One request sent: what `debug` prints and what response metadata counts. */
export interface AttemptRecord {
  /** 1 for the first request of the call, then counting retries and redirect hops. */
  readonly attempt: number;
  readonly method: 'GET';
  /** The URL requested (the key is a header, never in it). */
  readonly url: string;
  /** The HTTP status, when a response arrived. */
  readonly status?: number;
  /** Why no response arrived. */
  readonly failure?: string;
  /** The response's headers, when a response arrived (the debug line shows its request id and rate limit). */
  readonly headers?: Headers;
  readonly durationMs: number;
  /** The wait before the next attempt, when a retry follows. */
  readonly retryInMs?: number;
}

/** A 2xx response once its body is parsed, as the `afterResponse` hooks see it. */
export interface ParsedResponse {
  readonly response: Response;
  readonly body: unknown;
  /** The body's text as received: not handed to the hooks; it tells at a glance that the body cannot hold the key. */
  readonly text: string;
  /** Milliseconds from the first request to the parsed body. */
  readonly durationMs: number;
}

export interface OutletOptions {
  readonly hooks: readonly Hooks[];
  readonly debug: ((line: string) => void) | undefined;
  readonly redactor: Redactor;
}

export function clientOutlets({ hooks, debug, redactor }: OutletOptions): Outlets {
  const uses = (point: keyof Hooks) => hooks.some((set) => set[point]);
  /**
   * Differences already reported, by endpoint and field: a drifted field is told once, not on every call.
   * Bounded: against a gateway whose field names change on every answer, the oldest are forgotten (and told
   * again should they come back) rather than kept for the client's life.
   */
  const reported = new Set<string>();
  return {
    beforeRequest: uses('beforeRequest')
      ? async (context, request) => {
          let current = request;
          for (const set of hooks) current = (await set.beforeRequest?.({ ...context, request: current })) ?? current;
          return current === request ? undefined : current;
        }
      : undefined,
    beforeRetry: uses('beforeRetry')
      ? async (context, attempt, error) => {
          const shown = redactor.error(error);
          for (const set of hooks) await set.beforeRetry?.({ ...context, attempt, error: shown });
        }
      : undefined,
    afterResponse: uses('afterResponse')
      ? async (context, { response, body, text, durationMs }) => {
          // The body is handed over as is (a hook may change it in place) unless the key is in it.
          const shown = {
            response: redactedResponse(response, redactor),
            body: redactor.holdsKey(body, text) ? redactor.value(body) : body,
            durationMs,
          };
          let current = body;
          for (const set of hooks) {
            const replaced = await set.afterResponse?.({ ...context, ...shown });
            if (replaced !== undefined) current = replaced;
          }
          return current;
        }
      : undefined,
    afterAttempt: debug && ((attempt) => debug(redactor.value(debugLine(attempt)))),
    drifted: (context, drift) => {
      for (const found of drift) {
        const key = `${context.provider}\0${context.endpoint}\0${found.path}\0${found.change}\0${found.received}`;
        if (reported.has(key)) continue;
        if (reported.size >= maxReported) reported.delete(reported.values().next().value as string);
        reported.add(key);
        // A field's name comes from the body: redacted like everything else that leaves, should it hold the key.
        const shown = redactor.holdsKey(found) ? redactor.value(found) : found;
        debug?.(driftLine(context, shown));
        for (const set of hooks) set.onDrift?.({ ...context, drift: shown });
      }
    },
    responseMeta: (meta) => ({
      ...meta,
      headers: redactor.value(meta.headers),
      url: redactor.value(meta.url),
      ...(meta.requestId !== undefined && { requestId: redactor.value(meta.requestId) }),
    }),
    failed: async (context, error) => {
      const shown = redactor.error(error);
      for (const set of hooks) await set.onError?.({ ...context, error: shown });
      return shown;
    },
    walkFailed: (error) => redactor.error(error),
  };
}

/** How many drifted fields a client remembers having told (see `reported`). */
const maxReported = 1_000;

/**
 * How much of a URL and of a failure a debug line shows: a param megabytes long must not write megabytes to
 * stderr on every attempt. Cut with `excerpt`, so a key cut in half there is still redacted.
 */
const debugUrlLength = 2_000;
const debugFailureLength = 500;

/**
 * `pdg GET https://…/v1/jobs:jobboard/browse?country=SG 200 12 ms attempt 1 x-api-key=[redacted]`, then the
 * answer's ` request-id=…` and ` ratelimit(limit=… remaining=… resetSeconds=…)` when it sent them.
 */
function debugLine(attempt: AttemptRecord): string {
  const failure = attempt.failure === undefined ? undefined : excerpt(attempt.failure, debugFailureLength);
  const outcome = attempt.status === undefined ? `failed (${failure})` : String(attempt.status);
  const extra = attempt.status !== undefined && failure ? ` (${failure})` : '';
  const retry = attempt.retryInMs === undefined ? '' : `, retry in ${Math.round(attempt.retryInMs)} ms`;
  return `pdg ${attempt.method} ${excerpt(attempt.url, debugUrlLength)} ${outcome}${extra} ${Math.round(attempt.durationMs)} ms attempt ${attempt.attempt}${retry} x-api-key=[redacted]${attempt.headers ? answerWords(attempt.headers) : ''}`;
}

/** ` request-id=req-1 ratelimit(limit=10 remaining=3 resetSeconds=5)`: the parts an answer sent. */
function answerWords(headers: Headers): string {
  const { requestId, rateLimit } = answerInfo(headers);
  const id = requestId === undefined ? '' : ` request-id=${excerpt(requestId, 200)}`;
  const rate = rateLimit && Object.entries(rateLimit).map(([name, value]) => `${name}=${value}`);
  return rate ? `${id} ratelimit(${rate.join(' ')})` : id;
}

/** `pdg drift music:tunes/search items[].trackId: type changed, expected number, received string` */
function driftLine(context: HookContext, drift: Drift): string {
  const where = drift.path === '' ? '(root)' : drift.path;
  const change = { type: 'type changed', missing: 'field missing', added: 'field not documented' }[drift.change];
  return `pdg drift ${context.provider}/${context.endpoint} ${where}: ${change}, expected ${drift.expected}, received ${drift.received}`;
}

/**
 * The response as hooks see it: the same object unless the gateway echoed the key in its status text
 * or headers, then a body-less copy with those redacted (the body was already read and is passed apart).
 */
function redactedResponse(response: Response, redactor: Redactor): Response {
  const headers = [...response.headers];
  if (!redactor.holdsKey(response.statusText) && !redactor.holdsKey(headers)) return response;
  const copy = new Response(null, {
    status: response.status,
    statusText: redactor.value(response.statusText),
    headers: redactor.value(headers),
  });
  Object.defineProperty(copy, 'url', { value: redactor.value(response.url) });
  return copy;
}
