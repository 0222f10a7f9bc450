import { JetStreamApiCodes, type JetStreamManager } from '@nats-io/jetstream';
import type { Logger } from 'pino';
import type { RunningConsumer } from './consumer';
import { isApiError } from './ensure-stream';

export interface StreamWaitingConsumer {
  /** Resolves once the consumer runs (after the stream appeared), or once stopped before that. */
  started: Promise<void>;
  /** Stops waiting, or stops the consumer once it runs. */
  stop(): Promise<void>;
}

export interface StartConsumerWhenStreamExistsOptions {
  jsm: JetStreamManager;
  /** The stream the consumer reads, owned (and created on its start) by another service. */
  stream: string;
  logger: Logger;
  /** The service that owns the stream, for the log line. */
  owner: string;
  /** How long to wait between looks for the stream (default 2 s). */
  retryMs?: number;
  /** Starts the consumer, usually `() => startConsumer({ ... })`; called once the stream exists. */
  start(): Promise<RunningConsumer>;
}

/**
 * Starts a consumer of another service's stream once that stream exists. Its owner creates it on start; until then
 * (this service started first) this waits and looks again, instead of failing start-up as `startConsumer` would or
 * creating a stream it does not own. Durable consumers start from the stream's beginning, so nothing published
 * meanwhile is missed. Returns at once: `started` tells when the consumer runs.
 */
export function startConsumerWhenStreamExists(options: StartConsumerWhenStreamExistsOptions): StreamWaitingConsumer {
  const { jsm, stream, logger, owner } = options;
  const retryMs = options.retryMs ?? 2_000;
  let stopped = false;
  let running: RunningConsumer | undefined;
  let wake: (() => void) | undefined;

  async function streamExists(): Promise<boolean> {
    try {
      await jsm.streams.info(stream);
      return true;
    } catch (error) {
      if (isApiError(error, JetStreamApiCodes.StreamNotFound)) return false;
      throw error;
    }
  }

  const started = (async () => {
    let told = false;
    while (!stopped) {
      try {
        if (await streamExists()) {
          running = await options.start();
          // stop() may have come while the consumer was starting.
          if (stopped) await running.stop();
          return;
        }
        if (!told) logger.warn({ stream }, `${owner}'s stream does not exist yet; waiting for ${owner} to create it`);
        told = true;
      } catch (error) {
        logger.warn({ err: error, stream }, 'consumer not started; will try again');
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, retryMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();

  return {
    started,
    async stop() {
      stopped = true;
      wake?.();
      await started;
      await running?.stop();
    },
  };
}
