import { enqueue, startWorker, type createQueue, type JobProcessor, type RunningWorker } from '@kassa/platform/jobs';
import type { Logger } from '@kassa/platform/logging';
import type { SendEmailAttempt, SendEmailOutcome } from '../application/send-email';

export const SEND_EMAIL_QUEUE = 'email-send';
export const SEND_EMAIL_JOB = 'send-email';

export interface SendEmailJobData {
  messageId: string;
}

export interface SendEmailRetryPolicy {
  /** Attempts in all; the last failure marks the message 'notSent'. */
  attempts: number;
  /** First retry delay, doubled per attempt. */
  backoffMs: number;
}

export const defaultSendEmailRetryPolicy: SendEmailRetryPolicy = { attempts: 5, backoffMs: 2_000 };

export type SendEmailQueue = ReturnType<typeof createQueue>;

/** One job per message: the job id is the message id, so enqueueing twice adds one job. */
export function enqueueSendEmail(
  queue: SendEmailQueue,
  messageId: string,
  policy: SendEmailRetryPolicy,
): Promise<void> {
  return enqueue<SendEmailJobData>(
    queue,
    SEND_EMAIL_JOB,
    { messageId },
    { jobId: messageId, attempts: policy.attempts, backoffMs: policy.backoffMs },
  );
}

export interface SendEmailWorkerOptions {
  queueName: string;
  redisUrl: string;
  logger: Logger;
  concurrency?: number;
  send(attempt: SendEmailAttempt): Promise<SendEmailOutcome>;
}

export function startSendEmailWorker(options: SendEmailWorkerOptions): RunningWorker {
  const processor: JobProcessor<SendEmailJobData> = async (job) => {
    await options.send({
      messageId: job.data.messageId,
      attempt: job.attemptsMade + 1,
      maxAttempts: job.opts.attempts ?? 1,
    });
  };
  return startWorker(options.queueName, processor, {
    redisUrl: options.redisUrl,
    logger: options.logger,
    concurrency: options.concurrency ?? 4,
  });
}
