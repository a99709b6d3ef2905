/**
 * OpenTelemetry through a walk: with BullMQ's telemetry (`bullmq-otel`) on the queue and the worker, and core's
 * `openTelemetry()` on the worker's client, each call a walk job makes is a child of that job's `process` span,
 * which itself continues the trace of the `add` that enqueued the walk. Spans are caught by an in-memory
 * exporter; the context travels through Node's AsyncLocalStorage and W3C trace context, as the OpenTelemetry
 * SDK for Node sets them up.
 */
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { createClient } from '@pdg/core';
import { openTelemetry } from '@pdg/core/otel';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { Queue } from 'bullmq';
import { BullMQOtel } from 'bullmq-otel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalkWorker, enqueueWalk, walkStatus } from '../dist/index.js';
import { type OwnRedis, redisServerReason, startRedis, waitFor } from './fleet.js';

const skip = redisServerReason();

describe.skipIf(skip !== undefined)('a walk job traced with bullmq-otel', () => {
  const exporter = new InMemorySpanExporter();
  const contextManager = new AsyncLocalStorageContextManager();
  let redis: OwnRedis;
  let gateway: RunningMockGateway;

  beforeAll(async () => {
    trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
    context.setGlobalContextManager(contextManager.enable());
    // BullMQ carries the add's context to the job in its data, through the global propagator.
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    redis = await startRedis();
    gateway = await startMockGateway({ providers: [jobboard], fixtures });
  });
  afterAll(async () => {
    await gateway?.close();
    await redis?.stop();
    contextManager.disable();
    trace.disable();
    context.disable();
    propagation.disable();
  });

  it("is the parent of every call span pdg's client makes for it", async () => {
    const connection = { url: redis.url };
    const queue = new Queue('traced', { connection, telemetry: new BullMQOtel({ tracerName: 'pdg-queue-test' }) });
    const client = createClient({
      providers: [jobboard],
      apiKey: 'otel-test-key-7b21',
      baseUrl: gateway.url,
      telemetry: openTelemetry(),
    });
    let pages = 0;
    const walkWorker = createWalkWorker({
      client,
      connection,
      queueName: 'traced',
      sink: async () => {
        pages++;
      },
      workerOptions: { telemetry: new BullMQOtel({ tracerName: 'pdg-queue-test' }) },
    });
    try {
      const id = await enqueueWalk(queue, {
        provider: 'jobs:jobboard',
        endpoint: 'browse',
        params: { limit: 20 },
        maxPages: 3,
      });
      await waitFor('the walk to finish', async () => (await walkStatus(queue)).done === 1, 120_000);
      expect(pages).toBe(3);
      const spans = exporter.getFinishedSpans();
      const processSpans = spans.filter((span) => span.name === 'process traced');
      expect(processSpans).toHaveLength(1);
      const [processSpan] = processSpans;
      expect(processSpan?.attributes['bullmq.job.id']).toBe(id);
      const calls = spans.filter((span) => span.name === 'pdg jobs:jobboard browse');
      expect(calls).toHaveLength(3);
      for (const call of calls) {
        expect(call.parentSpanContext?.spanId).toBe(processSpan?.spanContext().spanId);
        expect(call.spanContext().traceId).toBe(processSpan?.spanContext().traceId);
      }
      // Each call's request span is under its call, so the whole walk is one tree under the job.
      const requests = spans.filter((span) => span.name === 'GET');
      expect(requests).toHaveLength(3);
      const callIds = new Set(calls.map((call) => call.spanContext().spanId));
      for (const request of requests) expect(callIds.has(request.parentSpanContext?.spanId as string)).toBe(true);
      // The job's span continues the trace of the add that enqueued it.
      // BullMQ names the add's span after the queue and the job's name (`provider endpoint`).
      const add = spans.find((span) => span.name === 'add traced.jobs:jobboard browse');
      expect(add).toBeDefined();
      expect(processSpan?.spanContext().traceId).toBe(add?.spanContext().traceId);
    } finally {
      await walkWorker.close();
      await queue.close();
    }
  });
});
