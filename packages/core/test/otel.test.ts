/**
 * `telemetry: openTelemetry()` with the OpenTelemetry SDK's in-memory span exporter and a metric reader: the
 * spans, attributes and metrics of a call that is retried once and waits for the rate limit, then of the
 * same call answered from the cache; trace context only to the gateway's origin; the key nowhere.
 */
import { context, propagation } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import nock from 'nock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCache } from '../src/cache-entry.js';
import { openTelemetry } from '../src/otel-entry.js';
import { createRateLimit } from '../src/rate-limit-entry.js';
import { testClient } from './harness.js';
import { API_KEY, BASE_URL } from './providers.js';

const spans = new InMemorySpanExporter();
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
const reader = new PeriodicExportingMetricReader({
  exporter: new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE),
  // Read by collect() in the test, never on a timer.
  exportIntervalMillis: 3_600_000,
});
const meterProvider = new MeterProvider({ readers: [reader] });
const contextManager = new AsyncLocalStorageContextManager();

beforeAll(() => {
  context.setGlobalContextManager(contextManager.enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
});
afterAll(async () => {
  context.disable();
  propagation.disable();
  await meterProvider.shutdown();
});

const content = { page: 1, count: 1, items: [{ title: 'One More Time', trackId: 101, isExplicit: false }] };

/** The metric points collected so far, by metric name. */
async function collected() {
  const { resourceMetrics } = await reader.collect();
  const byName = new Map<string, { attributes: Record<string, unknown>; value: unknown }[]>();
  for (const scope of resourceMetrics.scopeMetrics) {
    for (const metric of scope.metrics) {
      byName.set(
        metric.descriptor.name,
        metric.dataPoints.map((point) => ({ attributes: point.attributes, value: point.value })),
      );
    }
  }
  return byName;
}

describe('openTelemetry()', () => {
  it('a span per call and per request, with the HTTP client attributes, cache outcome and rate-limit wait', async () => {
    const traceparents: string[] = [];
    // Each request's traceparent, as the gateway received it.
    const reqheaders = {
      'x-api-key': API_KEY,
      traceparent: (value: string | null) => {
        traceparents.push(String(value));
        return true;
      },
    };
    nock(BASE_URL, { reqheaders })
      .get('/v1/music:tunes/search')
      .query({ q: 'daft punk' })
      .reply(503, { status: 'error', message: 'busy' })
      .get('/v1/music:tunes/search')
      .query({ q: 'daft punk' })
      .reply(200, { status: 'success', message: 'ok', content });
    // The waits the rate limit reported, as the client's own hook saw them: what telemetry must record.
    const waits: number[] = [];
    const pdg = testClient({
      retry: { limit: 1, baseDelay: 1, maxDelay: 1 },
      // One request every 5 s: the retry, sent 1 ms after the first request's 503, waits in the queue for
      // the first one's window to pass. Only a process stalled for over 5 s between the two would find the
      // window passed (a 1 s window was passed on a loaded machine).
      rateLimit: createRateLimit({ points: 1, durationSeconds: 5 }),
      cache: createCache(),
      telemetry: openTelemetry({ tracerProvider, meterProvider }),
      hooks: { onRateLimit: (event) => void (event.type === 'queued' && waits.push(event.waitedMs)) },
    });

    expect(await pdg.run('music:tunes', 'search', { q: 'daft punk' })).toEqual(content);
    expect(await pdg.run('music:tunes', 'search', { q: 'daft punk' })).toEqual(content); // from the cache
    expect(nock.isDone()).toBe(true);

    const finished = spans.getFinishedSpans();
    const calls = finished.filter((span) => span.name === 'pdg music:tunes search');
    const requests = finished.filter((span) => span.name === 'GET');
    expect(calls).toHaveLength(2);
    expect(requests).toHaveLength(2);
    const [first, cached] = calls;
    expect(first?.attributes).toMatchObject({
      'pdg.provider': 'music:tunes',
      'pdg.endpoint': 'search',
      'pdg.cache.outcome': 'miss',
      'pdg.requests': 2,
    });
    // The call's span holds the time its requests queued, as the limit reported it: the retry's wait, and
    // the first request's too if the limit's margin (which grows with its timers' lateness) held it.
    expect(waits.length).toBeGreaterThanOrEqual(1);
    expect(waits.length).toBeLessThanOrEqual(2);
    expect(first?.attributes['pdg.rate_limit.wait_ms']).toBe(Math.round(waits.reduce((sum, ms) => sum + ms, 0)));
    expect(first?.attributes['pdg.rate_limit.wait_ms']).toBeGreaterThan(0);
    expect(cached?.attributes).toMatchObject({ 'pdg.cache.outcome': 'hit', 'pdg.requests': 0 });

    // Both requests are children of the first call's span, in its trace.
    for (const request of requests) {
      expect(request.parentSpanContext?.spanId).toBe(first?.spanContext().spanId);
      expect(request.spanContext().traceId).toBe(first?.spanContext().traceId);
    }
    const [failed, retried] = requests;
    expect(failed?.attributes).toEqual({
      'http.request.method': 'GET',
      'url.full': `${BASE_URL}/v1/music:tunes/search?q=daft+punk`,
      'server.address': 'gateway.test',
      'server.port': 443,
      'http.response.status_code': 503,
      'error.type': '503',
    });
    expect(retried?.attributes).toMatchObject({ 'http.request.resend_count': 1, 'http.response.status_code': 200 });

    // The gateway got each request's own trace context.
    expect(traceparents).toEqual(
      requests.map((request) => `00-${request.spanContext().traceId}-${request.spanContext().spanId}-01`),
    );

    // Nothing recorded holds the key.
    expect(JSON.stringify(finished.map((span) => [span.name, span.attributes, span.events]))).not.toContain(API_KEY);

    const metrics = await collected();
    const durations = metrics.get('pdg.client.call.duration') ?? [];
    expect(durations.map((point) => (point.value as { count: number }).count)).toEqual([2]);
    expect(
      metrics.get('pdg.client.requests')?.map((point) => [point.attributes['http.response.status_code'], point.value]),
    ).toEqual([
      [503, 1],
      [200, 1],
    ]);
    expect(
      metrics.get('pdg.client.cache.lookups')?.map((point) => [point.attributes['pdg.cache.outcome'], point.value]),
    ).toEqual([
      ['miss', 1],
      ['hit', 1],
    ]);
    // One point in the wait histogram per wait the limit reported, summing to the same seconds.
    const recorded = (metrics.get('pdg.client.rate_limit.wait') ?? []).map(
      (point) => point.value as { count: number; sum: number },
    );
    expect(recorded.reduce((count, point) => count + point.count, 0)).toBe(waits.length);
    expect(recorded.reduce((sum, point) => sum + point.sum, 0)).toBeCloseTo(
      waits.reduce((sum, ms) => sum + ms, 0) / 1000,
      6,
    );
    expect(JSON.stringify([...metrics])).not.toContain(API_KEY);
  });

  it('sends no trace context to another origin a redirect leads to, and marks the failed call', async () => {
    spans.reset();
    nock(BASE_URL).get('/v1/jobs:board/job/j1').reply(302, '', { location: 'https://elsewhere.test/job/j1' });
    // The other origin answers only a request without trace context.
    nock('https://elsewhere.test', { badheaders: ['traceparent'] })
      .get('/job/j1')
      .reply(404, { status: 'error', message: 'gone' });
    const pdg = testClient({ telemetry: openTelemetry({ tracerProvider, meterProvider }) });
    await expect(pdg.run('jobs:board', 'job', { jobId: 'j1' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(nock.isDone()).toBe(true);
    const call = spans.getFinishedSpans().find((span) => span.name === 'pdg jobs:board job');
    expect(call?.attributes['error.type']).toBe('NOT_FOUND');
  });
});
