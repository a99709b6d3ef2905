/**
 * A client with `telemetry: openTelemetry()` and the OpenTelemetry SDK set up as an app would: the
 * AsyncLocalStorage context manager, W3C trace context, every span sampled and handed to an exporter
 * (which drops it: the bench measures pdg's cost, not an exporter's), metrics aggregated by a reader.
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
import { BasicTracerProvider, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { type AnyProvider, createClient } from '../dist/index.js';
import { openTelemetry } from '../dist/otel.js';

const dropping: SpanExporter = {
  export: (_spans, done) => done({ code: 0 }),
  shutdown: async () => undefined,
};

export async function tracedClient<const TProvider extends AnyProvider>(
  fetch: typeof globalThis.fetch,
  provider: TProvider,
) {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(dropping)] });
  const reader = new PeriodicExportingMetricReader({
    exporter: new InMemoryMetricExporter(AggregationTemporality.DELTA),
    exportIntervalMillis: 3_600_000,
  });
  const meterProvider = new MeterProvider({ readers: [reader] });
  return createClient({
    providers: [provider],
    apiKey: 'bench-key',
    baseUrl: 'https://bench.pdg.test',
    fetch,
    telemetry: openTelemetry({ tracerProvider, meterProvider }),
  });
}
