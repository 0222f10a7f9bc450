import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { Worker, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { contextFrom, errorText, platformTracer } from '../messaging/trace-context';
import { counter, labelSets } from '../metrics/instruments';
import { TRACE_KEY } from './queue';
import { assertNoColon, redisOptionsFromUrl } from './redis-options';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JobProcessor<T = any> = (job: Job<T>) => Promise<void>;

const processedJobs = counter(
  'kassa.jobs.processed',
  'Job attempts by queue and outcome: completed, failed (retried or for good)',
);

export interface RunningWorker {
  /** Stops taking jobs and waits for the active ones to finish. */
  close(): Promise<void>;
}

export function startWorker<T = unknown>(
  name: string,
  processor: JobProcessor<T>,
  options: { redisUrl: string; logger: Logger; concurrency?: number },
): RunningWorker {
  assertNoColon('Queue name', name);
  const log = options.logger.child({ component: 'worker', queue: name });
  processedJobs.initialise(labelSets({ queue: [name], outcome: ['completed', 'failed'] }));
  const worker = new Worker<T>(
    name,
    async (job) => {
      const carrier = (job.data as Record<string, unknown> | undefined)?.[TRACE_KEY] as
        Record<string, string> | undefined;
      const attributes = {
        'messaging.system': 'bullmq',
        'messaging.operation.type': 'process',
        'messaging.destination.name': name,
        'messaging.message.id': job.id ?? '',
        'bullmq.job.name': job.name,
        'bullmq.job.attempt': job.attemptsMade + 1,
      };
      // Parent: the span that enqueued the job, so a job is part of the trace that caused it.
      await platformTracer.startActiveSpan(
        `${job.name} process`,
        { kind: SpanKind.CONSUMER, attributes },
        contextFrom(carrier),
        async (span) => {
          try {
            await processor(job);
          } catch (error) {
            span.recordException(error instanceof Error ? error : new Error(String(error)));
            span.setStatus({ code: SpanStatusCode.ERROR, message: errorText(error) });
            throw error;
          } finally {
            span.end();
          }
        },
      );
    },
    // Workers block on Redis; ioredis must not give up on a command while it reconnects.
    {
      connection: { ...redisOptionsFromUrl(options.redisUrl), maxRetriesPerRequest: null },
      concurrency: options.concurrency ?? 1,
    },
  );
  // As BullMQ settled them (moved to completed or failed in Redis), not as the processor returned.
  worker.on('completed', () => processedJobs.add(1, { queue: name, outcome: 'completed' }));
  worker.on('failed', (job, error) => {
    processedJobs.add(1, { queue: name, outcome: 'failed' });
    const attempts = job?.opts.attempts ?? 1;
    const final = !job || job.attemptsMade >= attempts;
    const fields = { err: error, jobId: job?.id, jobName: job?.name, attemptsMade: job?.attemptsMade, attempts };
    if (final) log.error(fields, 'job failed for good');
    else log.warn(fields, 'job failed; will retry');
  });
  worker.on('error', (error) => log.error({ err: error }, 'worker error'));
  return { close: () => worker.close() };
}
