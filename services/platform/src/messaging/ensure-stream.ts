import { JetStreamApiCodes, JetStreamApiError, StorageType, type JetStreamManager } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';

/** JetStream drops a message whose `Nats-Msg-Id` it has seen within this window (outbox re-publishes). */
export const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;

/**
 * How long a stream keeps a message unless its owner says otherwise: long enough for a consumer that was down over a
 * holiday to catch up, short enough that the bus does not become a second database. A stream replayed from its start
 * (catalog's, for ordering's projection rebuild) sets its own, longer retention.
 */
export const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** JetStream API error code when `add` loses a race with another process creating the same stream. */
const STREAM_NAME_IN_USE = 10058;

export interface StreamOptions {
  name: string;
  subjects: string[];
  /**
   * Copies of the stream on the NATS cluster's servers (R3 survives the loss of one). Default: NATS_STREAM_REPLICAS,
   * else 1 (a single server, as on a laptop). A deployment sets it once for every service, hence the environment.
   */
  replicas?: number;
  /** Messages older than this are removed (default EVENT_RETENTION_MS); the inboxes of its consumers are pruned to match. */
  maxAgeMs?: number;
}

/** Creates the stream, or brings an existing one to these subjects, duplicate window and replicas. Idempotent. */
export async function ensureStream(jsm: JetStreamManager, options: StreamOptions): Promise<void> {
  try {
    await createOrUpdate(jsm, options);
  } catch (error) {
    if (!isApiError(error, STREAM_NAME_IN_USE)) throw error;
    await createOrUpdate(jsm, options);
  }
}

export function streamReplicas(env: Record<string, string | undefined> = process.env): number {
  const value = env.NATS_STREAM_REPLICAS?.trim() || '1';
  const replicas = Number(value);
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 5)
    throw new Error(`NATS_STREAM_REPLICAS must be 1 to 5, got "${value}"`);
  return replicas;
}

async function createOrUpdate(jsm: JetStreamManager, options: StreamOptions): Promise<void> {
  const wanted = {
    subjects: options.subjects,
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    num_replicas: options.replicas ?? streamReplicas(),
    max_age: nanos(options.maxAgeMs ?? EVENT_RETENTION_MS),
  };
  try {
    const info = await jsm.streams.info(options.name);
    const same =
      info.config.duplicate_window === wanted.duplicate_window &&
      info.config.num_replicas === wanted.num_replicas &&
      info.config.max_age === wanted.max_age &&
      [...info.config.subjects].sort().join(' ') === [...wanted.subjects].sort().join(' ');
    if (!same) await jsm.streams.update(options.name, wanted);
  } catch (error) {
    if (!isApiError(error, JetStreamApiCodes.StreamNotFound)) throw error;
    await jsm.streams.add({ name: options.name, storage: StorageType.File, ...wanted });
  }
}

export function isApiError(error: unknown, code: number): boolean {
  return error instanceof JetStreamApiError && error.code === code;
}
