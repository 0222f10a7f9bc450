import { EntitySchema, type Opt } from '@mikro-orm/core';

/** One integration event waiting for (or done with) publication; written in the transaction of its cause. */
export interface OutboxMessage {
  /** `obx_` + ULID; also the `Nats-Msg-Id`, so JetStream drops a re-publish. */
  id: string;
  subject: string;
  /** The protobuf-encoded event. */
  payload: Buffer;
  /** W3C `traceparent`/`tracestate` of the writer (and `kassa-key` when given), sent as message headers. */
  headers: Record<string, string>;
  createdAt: Opt<Date>;
  publishedAt?: Date | null;
  attempts: Opt<number>;
  nextAttemptAt: Opt<Date>;
  lastError?: string | null;
}

export const OutboxMessage = new EntitySchema<OutboxMessage>({
  name: 'OutboxMessage',
  tableName: 'outbox',
  properties: {
    id: { type: 'string', columnType: 'text', primary: true },
    subject: { type: 'string', columnType: 'text' },
    payload: { type: 'blob', columnType: 'bytea' },
    headers: { type: 'json', columnType: 'jsonb' },
    // Database clock for both, so the relay's `next_attempt_at <= now()` never waits on a skewed app clock.
    createdAt: { type: 'Date', columnType: 'timestamptz', defaultRaw: 'now()', fieldName: 'created_at' },
    publishedAt: { type: 'Date', columnType: 'timestamptz', nullable: true, fieldName: 'published_at' },
    attempts: { type: 'integer', default: 0 },
    nextAttemptAt: { type: 'Date', columnType: 'timestamptz', defaultRaw: 'now()', fieldName: 'next_attempt_at' },
    lastError: { type: 'string', columnType: 'text', nullable: true, fieldName: 'last_error' },
  },
});
