import type { CallResult, GatewayResult } from '../call/call-result.js';
import type { HookContext } from '../call/hooks.js';
import type { CachePlan, LayerContext } from '../call/layers.js';
import type { CallOptions } from '../call/options.js';
import { type CallSettings, type ClientSettings, callSettings } from '../call/settings.js';
import type { CallTarget } from '../contract/call-target.js';
import type { EndpointDefinition } from '../contract/contract.js';
import { isErrorEnvelope } from '../contract/envelope.js';
import { answerInfo } from '../errors/answer-headers.js';
import { requestFailedError, timeoutError, unreadableResponseError } from '../errors/error-builders.js';
import { isPdgError, type PdgError } from '../errors/errors.js';
import { wrappedOf } from '../schema/schema-reader.js';
import { bodyText } from './buffered-fetch.js';
import { buildUrl } from './build-url.js';
import { mapResponseError } from './map-error.js';
import { parseBody } from './parse-body.js';
import { requestHeaders } from './request-headers.js';
import { send } from './send.js';
import { unwrapEnvelope } from './unwrap-envelope.js';
import { validateParams } from './validate-params.js';
import { passes, reportResponse, validateResponse } from './validate-response.js';

/** One call as the client hands it to the pipeline: the endpoint it names, its params and options. */
export interface Call extends CallTarget {
  readonly definition: EndpointDefinition;
  readonly params: unknown;
  readonly options: CallOptions;
}

/**
 * A call's way through core, top to bottom. Each step is a function in its own file, called in order.
 * Hooks run at the points of `client.outlets` (outlets.ts), which also redacts the API key from
 * everything handed back. The two opt-in layers sit at named points: the cache answers in place of steps
 * 3-7 (or shares one run of them among identical calls), and the rate limit wraps each request `send` makes.
 */
export function runCall(client: ClientSettings, call: Call): Promise<CallResult> {
  // The telemetry layer: the call runs inside its span.
  return client.telemetry ? client.telemetry.call(call, () => runSteps(client, call)) : runSteps(client, call);
}

async function runSteps(client: ClientSettings, call: Call): Promise<CallResult> {
  const target: CallTarget = { provider: call.provider, endpoint: call.endpoint };
  const started = performance.now();
  let context: HookContext = { ...target, params: {} };
  try {
    const settings = callSettings(client, call.options, target);
    const params = validateParams(call); // 1. params against the endpoint's schema
    context = { ...target, params };
    const url = buildUrl({ ...call, params, baseUrl: client.baseUrl }); // 2. the URL
    const headers = requestHeaders(client.headersFor(call.provider), call.options.headers, target);
    const layer: LayerContext = { context, hooks: client.hooks };
    const { definition } = call;
    // 7. the response's shape, as the call asked (`validate`): for each answer, and for a stored one.
    const check =
      settings.validate === 'report'
        ? await reportingCheck(definition, context, client.outlets)
        : responseCheck(settings, definition, context);
    const deadline = started + settings.timeout;
    const gateway: GatewayCall = { client, settings, context, layer, definition, url, headers, check, deadline };
    const ask = (signal: AbortSignal | undefined, until?: () => number) => askGateway(gateway, signal, until);
    const result =
      !settings.cached || !client.cache
        ? await ask(call.options.signal)
        : // The cache layer: a stored answer, a request another identical call already made, or `ask`.
          await client.cache.run(cachePlan(gateway, call), ask, check);
    // The timeout covers the whole call: an answer whose parsing and checking ended past it is not returned.
    if (performance.now() > deadline) throw timeoutError(context, settings.timeout);
    return result;
  } catch (thrown) {
    // An abort is the caller's own doing: it rejects with the signal's reason, as fetch does.
    if (call.options.signal?.aborted) throw call.options.signal.reason;
    // Hook point: `onError` sees the error, redacted, before it is thrown.
    throw await client.outlets.failed(context, asPdgError(thrown, target));
  }
}

/** What steps 3-7 need of a call whose params and URL are ready. */
interface GatewayCall {
  readonly client: ClientSettings;
  readonly settings: CallSettings;
  readonly context: HookContext;
  readonly layer: LayerContext;
  readonly definition: EndpointDefinition;
  readonly url: URL;
  readonly headers: Headers;
  /** Step 7, as the call asked for it. */
  readonly check: (body: unknown) => unknown;
  /** When the call's timeout runs out, on the `performance.now()` clock. */
  readonly deadline: number;
}

/**
 * Steps 3-7: the gateway's answer to one call, read, unwrapped and checked; until the call's deadline, or
 * for a request the cache shares, `until` (the latest deadline of the callers waiting on it).
 */
async function askGateway(
  gateway: GatewayCall,
  signal: AbortSignal | undefined,
  until: (() => number) | undefined,
): Promise<GatewayResult> {
  const { client, context, definition, url, check } = gateway;
  const { outlets } = client;
  const started = performance.now();
  // 3. the request, retried as retry-policy.ts says
  const sent = await send({ ...gateway, signal, deadline: until ?? gateway.deadline });
  const { response, attempts } = sent;
  if (!sent.ok) throw mapResponseError(context, response, sent.data); // 5. a failed status
  try {
    const text = await bodyText(response);
    let body = parseBody(text, response.status, context); // 4. JSON
    if (isErrorEnvelope(body)) throw mapResponseError(context, response, body); // 5. an error envelope
    const durationMs = performance.now() - started;
    // Hook point: `afterResponse` sees the parsed body and may replace it.
    if (outlets.afterResponse) body = await outlets.afterResponse(context, { response, body, text, durationMs });
    const unwrapped = unwrapEnvelope(definition, body, context); // 6. the envelope's content
    return {
      body: unwrapped,
      data: check(unwrapped),
      meta: () =>
        outlets.responseMeta({
          status: response.status,
          headers: Object.fromEntries(response.headers),
          attempts,
          durationMs,
          url: url.href,
          ...answerInfo(response.headers),
        }),
    };
  } catch (thrown) {
    // A failure no step foresaw while the answer is read (an `afterResponse` hook's own error, say).
    const error = isPdgError(thrown) ? thrown : unreadableResponseError(context, thrown);
    // A body that is not JSON or not the documented shape still came with the answer's request id.
    throw error.requestId === undefined ? Object.assign(error, answerInfo(response.headers)) : error;
  }
}

/** Step 7 as the call asked (`validate: 'strict'` or `'off'`). */
function responseCheck(
  settings: CallSettings,
  definition: EndpointDefinition,
  context: HookContext,
): (body: unknown) => unknown {
  return settings.validate === 'strict' ? (body) => validateResponse(definition, body, context) : (body) => body;
}

/** Step 7 as `validate: 'report'` asks, its code loaded on first use; differences leave through the outlets (`onDrift`). */
async function reportingCheck(
  definition: EndpointDefinition,
  context: HookContext,
  outlets: ClientSettings['outlets'],
): Promise<(body: unknown) => unknown> {
  const { findDrift } = await import('./drift.js');
  return (body) =>
    reportResponse(definition, body, context, (issues) => {
      const drift = findDrift(definition.response, body, issues, { passes, wrappedOf });
      if (drift.length > 0) outlets.drifted(context, drift);
    });
}

function cachePlan(gateway: GatewayCall, call: Call): CachePlan {
  return {
    ...gateway.layer,
    definition: call.definition,
    url: gateway.url,
    option: call.options.cache || undefined,
    signal: call.options.signal,
    timeout: gateway.settings.timeout,
    deadline: gateway.deadline,
    sharing: JSON.stringify([gateway.settings.retry, gateway.settings.maxBodyBytes]),
    key: gateway.client.key,
  };
}

/** Each step throws PdgErrors for its own failures; anything else reaching here failed on the way to an answer. */
function asPdgError(thrown: unknown, target: CallTarget): PdgError {
  return isPdgError(thrown) ? thrown : requestFailedError(target, thrown);
}
