import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { Queue } from 'bullmq';
import { errorText, platformTracer, traceHeaders } from '../messaging/trace-context';
import { observeGauges } from '../metrics/instruments';
import { assertNoColon, redisOptionsFromUrl } from './redis-options';

/** Job data key carrying the W3C trace context of whoever enqueued the job. */
export const TRACE_KEY = '_trace';

export interface EnqueueOptions {
  /** Deduplicates: a job whose id is already in the queue (waiting, delayed, active or kept as done) is not added again. */
  jobId?: string;
  delayMs?: number;
  /** Attempts in all, including the first (default 5). */
  attempts?: number;
  /** First retry delay, doubled per attempt (default 1 s). */
  backoffMs?: number;
}

/** Completed jobs are kept a day (10,000 at most) so that their ids keep deduplicating re-enqueues meanwhile. */
const KEEP_COMPLETED = { age: 24 * 60 * 60, count: 10_000 };
const KEEP_FAILED = { age: 7 * 24 * 60 * 60 };

const QUEUE_GAUGES = {
  queued: {
    name: 'kassa.jobs.queued',
    description: 'Jobs in the queue by state: waiting, active, delayed, failed (kept)',
  },
};

/**
 * The queue's depth by state, read from Redis at scrape time, while the queue is open. Every replica that owns the
 * queue reports the same counts, so dashboards take the max. Labelled with the queue's name as given (with the
 * namespace suffix of a test copy of the platform; in production there is none).
 */
function observeDepth(queue: Queue): () => void {
  return observeGauges(QUEUE_GAUGES, async (record) => {
    let counts: Record<string, number>;
    try {
      counts = await queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed');
    } catch {
      return; // Redis unreachable: the gauge is left out of this scrape; the worker's and readiness' logs tell why.
    }
    const depth = {
      // BullMQ keeps jobs with a priority apart from the others waiting; to an operator both are waiting.
      waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
      active: counts.active ?? 0,
      delayed: counts.delayed ?? 0,
      failed: counts.failed ?? 0,
    };
    for (const [state, value] of Object.entries(depth)) record('queued', value, { queue: queue.name, state });
  });
}

/** A queue that reports its depth (`kassa.jobs.queued`) until it is closed. */
class ObservedQueue extends Queue {
  private readonly stopObserving = observeDepth(this);

  override async close(): Promise<void> {
    this.stopObserving();
    await super.close();
  }
}

export function createQueue(name: string, options: { redisUrl: string }): Queue {
  assertNoColon('Queue name', name);
  return new ObservedQueue(name, {
    connection: redisOptionsFromUrl(options.redisUrl),
    defaultJobOptions: { removeOnComplete: KEEP_COMPLETED, removeOnFail: KEEP_FAILED },
  });
}

export async function enqueue<T extends object>(
  queue: Queue,
  jobName: string,
  data: T,
  options: EnqueueOptions = {},
): Promise<void> {
  if (options.jobId !== undefined) assertNoColon('Job id', options.jobId);
  const attributes = {
    'messaging.system': 'bullmq',
    'messaging.operation.type': 'send',
    'messaging.destination.name': queue.name,
    'bullmq.job.name': jobName,
  };
  await platformTracer.startActiveSpan(`${queue.name} send`, { kind: SpanKind.PRODUCER, attributes }, async (span) => {
    try {
      await queue.add(
        jobName,
        { ...data, [TRACE_KEY]: traceHeaders() },
        {
          jobId: options.jobId,
          delay: options.delayMs,
          attempts: options.attempts ?? 5,
          backoff: { type: 'exponential', delay: options.backoffMs ?? 1_000 },
        },
      );
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: errorText(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}
