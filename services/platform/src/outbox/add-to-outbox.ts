import type { EntityManager } from '@mikro-orm/core';
import { newId } from '../ids';
import { traceHeaders } from '../messaging/trace-context';
import { OutboxMessage } from '../persistence/outbox-message.entity';

/** What ts-proto generates for every message (`MessageFns<T>`); only `encode` is needed here. */
export interface MessageEncoder<T> {
  encode(message: T): { finish(): Uint8Array };
}

export interface OutboxEntry<T> {
  subject: string;
  type: MessageEncoder<T>;
  message: T;
  /** The entity the event is about; travels as the `Kassa-Key` header. */
  key?: string;
}

/** Header carrying `OutboxEntry.key`. */
export const KEY_HEADER = 'Kassa-Key';

/**
 * Adds an event to the outbox in the caller's unit of work: it is written by the caller's flush/commit,
 * together with the change it announces, or not at all. Returns the row id, which becomes the `Nats-Msg-Id`.
 */
export function addToOutbox<T>(em: EntityManager, entry: OutboxEntry<T>): string {
  const id = newId('obx');
  const headers = traceHeaders();
  if (entry.key !== undefined) headers[KEY_HEADER] = entry.key;
  const bytes = entry.type.encode(entry.message).finish();
  em.persist(
    em.create(OutboxMessage, {
      id,
      subject: entry.subject,
      payload: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      headers,
    }),
  );
  return id;
}
