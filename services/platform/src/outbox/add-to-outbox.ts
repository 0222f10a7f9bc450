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
  const row = outboxRow(entry);
  em.persist(em.create(OutboxMessage, row));
  return row.id;
}

/** An outbox row's values, for a hot path that writes the row in a statement of its own (OUTBOX_INSERT_COLUMNS). */
export interface OutboxRowValues {
  id: string;
  subject: string;
  payload: Buffer;
  headers: Record<string, string>;
}

/**
 * The columns a raw `insert into outbox` names, in the order of outboxRowParams (the rest take their defaults, as
 * addToOutbox's rows do; the table's trigger wakes the relay the same way).
 */
export const OUTBOX_INSERT_COLUMNS = 'id, subject, payload, headers';

/** `entry` as the row addToOutbox writes: a new id, the trace context and key as headers, the encoded message. */
export function outboxRow<T>(entry: OutboxEntry<T>): OutboxRowValues {
  const headers = traceHeaders();
  if (entry.key !== undefined) headers[KEY_HEADER] = entry.key;
  const bytes = entry.type.encode(entry.message).finish();
  return {
    id: newId('obx'),
    subject: entry.subject,
    payload: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    headers,
  };
}

/** outboxRow's values as parameters for OUTBOX_INSERT_COLUMNS (headers as JSON text: cast it with ?::jsonb). */
export function outboxRowParams(row: OutboxRowValues): [string, string, Buffer, string] {
  return [row.id, row.subject, row.payload, JSON.stringify(row.headers)];
}
