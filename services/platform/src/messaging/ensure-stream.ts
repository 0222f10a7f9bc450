import { JetStreamApiCodes, JetStreamApiError, StorageType, type JetStreamManager } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';

/** JetStream drops a message whose `Nats-Msg-Id` it has seen within this window (outbox re-publishes). */
export const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;

/** JetStream API error code when `add` loses a race with another process creating the same stream. */
const STREAM_NAME_IN_USE = 10058;

/** Creates the stream, or brings an existing one to these subjects and duplicate window. Idempotent. */
export async function ensureStream(jsm: JetStreamManager, options: { name: string; subjects: string[] }): Promise<void> {
  try {
    await createOrUpdate(jsm, options);
  } catch (error) {
    if (!isApiError(error, STREAM_NAME_IN_USE)) throw error;
    await createOrUpdate(jsm, options);
  }
}

async function createOrUpdate(jsm: JetStreamManager, options: { name: string; subjects: string[] }): Promise<void> {
  const wanted = { subjects: options.subjects, duplicate_window: nanos(DUPLICATE_WINDOW_MS) };
  try {
    const info = await jsm.streams.info(options.name);
    const same =
      info.config.duplicate_window === wanted.duplicate_window &&
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
