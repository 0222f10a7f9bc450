import { SpanKind, trace } from '@opentelemetry/api';
import type { Queue } from 'bullmq';
import pino from 'pino';
import { createQueue, enqueue, startWorker, type RunningWorker } from '../../src/jobs';
import { assertInfrastructure, uniqueName } from '../../src/testing/database';
import { startInMemoryTracing } from '../fixtures/in-memory-tracing';
import { captureLogs } from '../../src/testing/log-capture';

jest.setTimeout(15_000);

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, probe: () => Promise<boolean> | boolean, timeoutMs = 8_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(25);
  }
}

describe('jobs', () => {
  let tracing: ReturnType<typeof startInMemoryTracing>;
  const logs = captureLogs();
  const logger = pino({ level: 'debug' }, logs.stream);
  const queues: Queue[] = [];
  const workers: RunningWorker[] = [];

  const queue = () => {
    const created = createQueue(uniqueName('jobs_test'), { redisUrl });
    queues.push(created);
    return created;
  };
  const worker = (...args: Parameters<typeof startWorker>) => {
    const started = startWorker(...args);
    workers.push(started);
    return started;
  };

  beforeAll(async () => {
    await assertInfrastructure();
    tracing = startInMemoryTracing();
  });

  afterAll(async () => {
    await Promise.all(workers.map((each) => each.close()));
    for (const each of queues) {
      await each.obliterate({ force: true });
      await each.close();
    }
    await tracing?.stop();
  });

  it('runs a job once per jobId, and refuses a jobId containing ":"', async () => {
    const q = queue();
    await enqueue(q, 'expire-order', { orderId: 'ord_1' }, { jobId: 'expire-ord_1' });
    await enqueue(q, 'expire-order', { orderId: 'ord_1' }, { jobId: 'expire-ord_1' });
    await expect(enqueue(q, 'expire-order', {}, { jobId: 'expire:ord_1' })).rejects.toThrow("must not contain ':'");
    expect(() => createQueue('bad:name', { redisUrl })).toThrow("must not contain ':'");

    const runs: string[] = [];
    worker(
      q.name,
      async (job) => {
        runs.push(job.id!);
      },
      { redisUrl, logger },
    );
    await waitFor('the job completed', async () => (await q.getJobCounts('completed')).completed === 1);
    // Enqueued again after it ran: still the same job, not a second run.
    await enqueue(q, 'expire-order', { orderId: 'ord_1' }, { jobId: 'expire-ord_1' });
    await sleep(300);
    expect(runs).toEqual(['expire-ord_1']);
    expect(await q.getJobCounts('completed', 'waiting', 'delayed')).toEqual({ completed: 1, waiting: 0, delayed: 0 });
  });

  it('carries the trace context across the queue', async () => {
    const q = queue();
    const tracer = trace.getTracer('test');
    let traceId = '';
    await tracer.startActiveSpan('place order', async (span) => {
      traceId = span.spanContext().traceId;
      await enqueue(q, 'send-receipt', { orderId: 'ord_2' });
      span.end();
    });
    let seenTraceId = '';
    let seenData: unknown;
    worker(
      q.name,
      async (job) => {
        seenTraceId = trace.getActiveSpan()?.spanContext().traceId ?? '';
        seenData = job.data;
      },
      { redisUrl, logger },
    );

    await waitFor('the job ran', () => seenTraceId !== '');
    expect(seenTraceId).toBe(traceId);
    expect(seenData).toMatchObject({ orderId: 'ord_2', _trace: { traceparent: expect.stringContaining(traceId) } });
    const spans = tracing.exporter.getFinishedSpans();
    const producer = spans.find((span) => span.name === `${q.name} send`)!;
    await waitFor('the consumer span ended', () =>
      tracing.exporter.getFinishedSpans().some((span) => span.name === 'send-receipt process'),
    );
    const consumer = tracing.exporter.getFinishedSpans().find((span) => span.name === 'send-receipt process')!;
    expect(producer.kind).toBe(SpanKind.PRODUCER);
    expect(consumer.kind).toBe(SpanKind.CONSUMER);
    expect(consumer.spanContext().traceId).toBe(traceId);
    expect(consumer.parentSpanContext?.spanId).toBe(producer.spanContext().spanId);
  });

  it('retries a failing job with exponential backoff and logs each failure', async () => {
    const q = queue();
    const attempts: number[] = [];
    worker(
      q.name,
      async () => {
        attempts.push(Date.now());
        if (attempts.length < 3) throw new Error(`flaky ${attempts.length}`);
      },
      { redisUrl, logger },
    );
    await enqueue(q, 'flaky', {}, { jobId: 'flaky-1', attempts: 3, backoffMs: 200 });

    await waitFor('the third attempt succeeded', async () => (await q.getJobCounts('completed')).completed === 1);
    expect(attempts).toHaveLength(3);
    // Backoff 200 ms, then 400 ms (BullMQ's exponential: delay * 2^(attempt-1)).
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(190);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(390);
    const failures = logs.lines.filter((line) => line.queue === q.name && line.msg === 'job failed; will retry');
    expect(failures.map((line) => (line.err as { message: string }).message)).toEqual(['flaky 1', 'flaky 2']);
  });

  it('logs a job that fails for good, and close() waits for the active job', async () => {
    const q = queue();
    let finished = false;
    const running = worker(
      q.name,
      async (job) => {
        if (job.name === 'doomed') throw new Error('no such order');
        await sleep(300);
        finished = true;
      },
      { redisUrl, logger },
    );
    await enqueue(q, 'doomed', {}, { attempts: 1 });
    await waitFor('the failure was logged', () =>
      logs.lines.some((line) => line.queue === q.name && line.msg === 'job failed for good'),
    );

    await enqueue(q, 'slow', {});
    await waitFor('the slow job started', async () => (await q.getJobCounts('active')).active === 1);
    await running.close();
    expect(finished).toBe(true);
  });
});
