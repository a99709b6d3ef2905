import type { CallResult, GatewayResult } from '../call-result.js';
import type { CallTarget } from '../call-target.js';
import type { EndpointDefinition } from '../contract.js';
import { isErrorEnvelope } from '../envelope.js';
import { requestFailedError, unreadableResponseError } from '../error-builders.js';
import { isPdgError, type PdgError } from '../errors.js';
import type { HookContext } from '../hooks.js';
import type { CachePlan, LayerContext } from '../layers.js';
import type { CallOptions } from '../options.js';
import { type CallSettings, type ClientSettings, callSettings } from '../settings.js';
import { bodyText } from './buffered-fetch.js';
import { buildUrl } from './build-url.js';
import { mapResponseError } from './map-error.js';
import { parseBody } from './parse-body.js';
import { requestHeaders } from './request-headers.js';
import { send } from './send.js';
import { unwrapEnvelope } from './unwrap-envelope.js';
import { validateParams } from './validate-params.js';
import { validateResponse } from './validate-response.js';

/** One call as the client hands it to the pipeline: the endpoint it names, its params and options. */
export interface Call extends CallTarget {
  readonly definition: EndpointDefinition;
  readonly params: unknown;
  readonly options: CallOptions;
}

/**
 * A call's way through core, top to bottom. Each step is a function in its own file, called in order.
 * Hooks run at the points of `client.outlets` (pipeline/outlets.ts), which also redacts the API key from
 * everything handed back. The two opt-in layers sit at named points: the cache answers in place of steps
 * 3-7 (or shares one run of them among identical calls), and the rate limit wraps each request sent.
 */
export async function runCall(client: ClientSettings, call: Call): Promise<CallResult> {
  const target: CallTarget = { provider: call.provider, endpoint: call.endpoint };
  const started = performance.now();
  let context: HookContext = { ...target, params: {} };
  try {
    const settings = callSettings(client, call.options, target);
    const params = validateParams(call); // 1. params against the endpoint's schema
    context = { ...target, params };
    const url = buildUrl({ ...call, params, baseUrl: client.baseUrl }); // 2. the URL
    const headers = requestHeaders(client.headers, call.options.headers, target);
    const layer: LayerContext = { context, hooks: client.hooks };
    const gateway: GatewayCall = {
      client,
      settings,
      context,
      layer,
      url,
      headers,
      deadline: started + settings.timeout,
    };
    const check = (body: unknown) => checkResponse(gateway, call.definition, body); // 7. the response's shape
    const ask = (signal: AbortSignal | undefined) => askGateway(gateway, call.definition, signal, check);
    if (!settings.cached || !client.cache) return await ask(call.options.signal);
    // The cache layer: a stored answer, a request another identical call already made, or `ask`.
    return await client.cache.run(cachePlan(gateway, call), ask, check);
  } catch (thrown) {
    // An abort is the caller's own doing: it rejects with the signal's reason, as fetch does.
    if (call.options.signal?.aborted) throw call.options.signal.reason;
    throw await client.outlets.failed(context, asPdgError(thrown, target));
  }
}

/** What steps 3-7 need of a call whose params and URL are ready. */
interface GatewayCall {
  readonly client: ClientSettings;
  readonly settings: CallSettings;
  readonly context: HookContext;
  readonly layer: LayerContext;
  readonly url: URL;
  readonly headers: Headers;
  /** When the call's timeout runs out, on the `performance.now()` clock. */
  readonly deadline: number;
}

/** Steps 3-7: the gateway's answer to one call, read, unwrapped and checked. */
async function askGateway(
  gateway: GatewayCall,
  definition: EndpointDefinition,
  signal: AbortSignal | undefined,
  check: (body: unknown) => unknown,
): Promise<GatewayResult> {
  const { client, settings, context, url } = gateway;
  const { outlets, rateLimit } = client;
  const started = performance.now();
  const sent = await send({
    context,
    outlets,
    url,
    apiKey: client.apiKey,
    keyOrigin: client.keyOrigin,
    headers: gateway.headers,
    fetch: client.fetch,
    // The rate-limit layer: every request sent (retries and redirect hops too) waits its turn there.
    limit: rateLimit && ((fetch) => rateLimit.limit(fetch, gateway.layer)),
    retry: settings.retry,
    signal,
    deadline: gateway.deadline,
    timeout: settings.timeout,
  }); // 3. the request, retried as pipeline/retry.ts says
  if (!sent.ok) throw mapResponseError(context, sent.response, sent.data); // 5. a failed status
  try {
    let body = parseBody(await bodyText(sent.response), sent.response.status, context); // 4. JSON
    if (isErrorEnvelope(body)) throw mapResponseError(context, sent.response, body); // 5. an error envelope
    const durationMs = performance.now() - started;
    if (outlets.afterResponse) body = await outlets.afterResponse(context, sent.response, body, durationMs);
    const unwrapped = unwrapEnvelope(definition, body, context); // 6. the envelope's content
    const meta = { status: sent.response.status, attempts: sent.attempts, durationMs, url: url.href };
    const headers = Object.fromEntries(sent.response.headers);
    return { body: unwrapped, data: check(unwrapped), meta: () => outlets.responseMeta({ ...meta, headers }) };
  } catch (thrown) {
    // A failure no step foresaw while the answer is read (an `afterResponse` hook's own error, say).
    throw isPdgError(thrown) ? thrown : unreadableResponseError(context, thrown);
  }
}

function checkResponse(gateway: GatewayCall, definition: EndpointDefinition, body: unknown): unknown {
  return gateway.settings.validate === 'strict' ? validateResponse(definition, body, gateway.context) : body;
}

function cachePlan(gateway: GatewayCall, call: Call): CachePlan {
  return {
    ...gateway.layer,
    definition: call.definition,
    url: gateway.url,
    option: call.options.cache || undefined,
    signal: call.options.signal,
    timeout: gateway.settings.timeout,
  };
}

/** Each step throws PdgErrors for its own failures; anything else reaching here failed on the way to an answer. */
function asPdgError(thrown: unknown, target: CallTarget): PdgError {
  return isPdgError(thrown) ? thrown : requestFailedError(target, thrown);
}
