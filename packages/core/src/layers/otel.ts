/**
 * OpenTelemetry for pdg's calls, through `@opentelemetry/api` alone (an optional peer dependency): this file
 * is the `@pdg/core/otel` entry, so only an app that imports it loads the API, and a client without
 * `telemetry` runs none of it. Spans and metrics follow OpenTelemetry's HTTP client conventions: a span per
 * call (`pdg <provider> <endpoint>`), a `CLIENT` span per request under it (`GET`, `url.full`,
 * `http.response.status_code`, `http.request.resend_count`, `error.type`), and W3C trace context sent to
 * the gateway's own origin only. Headers are never recorded: the key travels in one.
 */
import {
  type Attributes,
  context,
  createContextKey,
  type Meter,
  type MeterProvider,
  metrics,
  propagation,
  SpanKind,
  SpanStatusCode,
  type TracerProvider,
  trace,
} from '@opentelemetry/api';
import type { ClientTelemetry } from '../call/layers.js';
import type { CallTarget } from '../contract/call-target.js';

/** Core's version, written in by the build (tsup.config.ts) and core's test run from package.json. */
declare const PDG_CORE_VERSION: string | undefined;

export interface OpenTelemetryOptions {
  /** Where spans go. Default: the global tracer provider (the one the OpenTelemetry SDK registers). */
  readonly tracerProvider?: TracerProvider;
  /** Where metrics go. Default: the global meter provider. */
  readonly meterProvider?: MeterProvider;
}

/** What one call has done so far, kept in its context for its requests and hooks to add to. */
interface CallState {
  requests: number;
  queuedMs: number;
  cache: string | undefined;
}

const callState = createContextKey('pdg call state');

/** The metrics pdg records, made on `meter`. */
function instruments(meter: Meter) {
  const callDuration = meter.createHistogram('pdg.client.call.duration', {
    unit: 's',
    description: 'Duration of pdg calls, retries, backoff and rate-limit waits included.',
  });
  const requestCount = meter.createCounter('pdg.client.requests', {
    unit: '{request}',
    description: 'Requests sent to the gateway: first attempts, retries and redirect hops.',
  });
  const cacheCount = meter.createCounter('pdg.client.cache.lookups', {
    unit: '{call}',
    description: 'Calls through the cache, by pdg.cache.outcome (hit, miss, refresh, stale, dedupe, uncached).',
  });
  const queuedTime = meter.createHistogram('pdg.client.rate_limit.wait', {
    unit: 's',
    description: 'Time requests waited in the rate-limit queue before they were sent.',
  });
  const driftCount = meter.createCounter('pdg.client.drift', {
    unit: '{field}',
    description: "Response fields found differing from the documented shape (validate: 'report'), each once.",
  });
  return { callDuration, requestCount, cacheCount, queuedTime, driftCount };
}

/** `createClient({ telemetry: openTelemetry() })`: traces and metrics of every call, to the global providers by default. */
export function openTelemetry(options: OpenTelemetryOptions = {}): ClientTelemetry {
  const version = typeof PDG_CORE_VERSION === 'string' ? PDG_CORE_VERSION : undefined;
  const tracer = (options.tracerProvider ?? trace.getTracerProvider()).getTracer('@pdg/core', version);
  const meter = (options.meterProvider ?? metrics.getMeterProvider()).getMeter('@pdg/core', version);
  const { callDuration, requestCount, cacheCount, queuedTime, driftCount } = instruments(meter);
  const stateNow = () => context.active().getValue(callState) as CallState | undefined;
  const targetOf = (target: CallTarget): Attributes => ({
    'pdg.provider': target.provider,
    'pdg.endpoint': target.endpoint,
  });

  return {
    call: (target, run) => {
      const base = targetOf(target);
      const span = tracer.startSpan(`pdg ${target.provider} ${target.endpoint}`, { attributes: base });
      const state: CallState = { requests: 0, queuedMs: 0, cache: undefined };
      const started = performance.now();
      const finish = (errorType: string | undefined) => {
        span.setAttribute('pdg.requests', state.requests);
        if (state.queuedMs > 0) span.setAttribute('pdg.rate_limit.wait_ms', Math.round(state.queuedMs));
        if (state.cache) span.setAttribute('pdg.cache.outcome', state.cache);
        if (errorType) {
          span.setAttribute('error.type', errorType);
          span.setStatus({ code: SpanStatusCode.ERROR });
        }
        span.end();
        callDuration.record(
          (performance.now() - started) / 1000,
          errorType ? { ...base, 'error.type': errorType } : base,
        );
      };
      const active = trace.setSpan(context.active(), span).setValue(callState, state);
      return context.with(active, run).then(
        (result) => {
          finish(undefined);
          return result;
        },
        (error: unknown) => {
          finish(errorType(error));
          throw error;
        },
      );
    },
    fetch: (fetch, keyOrigin) => async (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const state = stateNow();
      const resends = state ? state.requests++ : 0;
      const attributes: Attributes = {
        'http.request.method': request.method,
        'url.full': url.href,
        'server.address': url.hostname,
        'server.port': Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
        ...(resends > 0 ? { 'http.request.resend_count': resends } : {}),
      };
      const span = tracer.startSpan(request.method, { kind: SpanKind.CLIENT, attributes });
      const active = trace.setSpan(context.active(), span);
      // Trace context goes where the key goes, and nowhere else.
      if (url.origin === keyOrigin) {
        propagation.inject(active, request.headers, { set: (headers, name, value) => headers.set(name, value) });
      }
      try {
        const response = await context.with(active, () => fetch(request));
        span.setAttribute('http.response.status_code', response.status);
        if (response.status >= 400) {
          span.setAttribute('error.type', String(response.status));
          span.setStatus({ code: SpanStatusCode.ERROR });
        }
        requestCount.add(1, { 'http.response.status_code': response.status, 'server.address': url.hostname });
        return response;
      } catch (error) {
        const type = errorType(error);
        span.setAttribute('error.type', type);
        span.setStatus({ code: SpanStatusCode.ERROR });
        requestCount.add(1, { 'error.type': type, 'server.address': url.hostname });
        throw error;
      } finally {
        span.end();
      }
    },
    hooks: {
      onCache: (event) => {
        const state = stateNow();
        if (state) state.cache = event.outcome;
        cacheCount.add(1, { ...targetOf(event), 'pdg.cache.outcome': event.outcome });
      },
      onRateLimit: (event) => {
        if (event.type !== 'queued') return;
        const state = stateNow();
        if (state) state.queuedMs += event.waitedMs;
        queuedTime.record(event.waitedMs / 1000, targetOf(event));
      },
      onDrift: (event) => {
        driftCount.add(1, {
          ...targetOf(event),
          'pdg.drift.path': event.drift.path,
          'pdg.drift.change': event.drift.change,
        });
      },
    },
  };
}

/** `error.type`: a PdgError's code (`RATE_LIMITED`), else the error's name; never its message. */
function errorType(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { code, name } = error as { code?: unknown; name?: unknown };
    if (typeof code === 'string' && name === 'PdgError') return code;
    if (typeof name === 'string') return name;
  }
  return 'Error';
}
