import { EntitySchema, type Opt, type PrimaryKeyProp } from '@mikro-orm/core';

/** A message a consumer has processed; inserted in the same transaction as the consumer's effect. */
export interface InboxMessage {
  [PrimaryKeyProp]?: ['consumer', 'messageId'];
  /** The durable consumer name. */
  consumer: string;
  /** `Nats-Msg-Id` (the producer's outbox row id), or `<stream>-<sequence>` without one. */
  messageId: string;
  processedAt: Opt<Date>;
}

export const InboxMessage = new EntitySchema<InboxMessage>({
  name: 'InboxMessage',
  tableName: 'inbox',
  properties: {
    consumer: { type: 'string', columnType: 'text', primary: true },
    messageId: { type: 'string', columnType: 'text', primary: true, fieldName: 'message_id' },
    processedAt: { type: 'Date', columnType: 'timestamptz', defaultRaw: 'now()', fieldName: 'processed_at' },
  },
});
