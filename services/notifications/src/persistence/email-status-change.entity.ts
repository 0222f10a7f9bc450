import { EntitySchema, type Opt } from '@mikro-orm/core';
import type { EmailDeliveryStatus } from '../domain/email-status';

/** One row of a message's delivery history (append only). */
export interface EmailStatusChangeRecord {
  id: Opt<number>;
  messageId: string;
  status: EmailDeliveryStatus;
  detail: string;
  occurredAt: Date;
  /** The provider event it came from (applied once per id); null for our own changes. */
  eventId?: string | null;
}

export const EmailStatusChangeEntity = new EntitySchema<EmailStatusChangeRecord>({
  name: 'EmailStatusChange',
  tableName: 'email_status_change',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    messageId: { type: 'string', columnType: 'text', fieldName: 'message_id' },
    status: { type: 'string', columnType: 'text' },
    detail: { type: 'string', columnType: 'text' },
    occurredAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'occurred_at' },
    eventId: { type: 'string', columnType: 'text', nullable: true, fieldName: 'event_id' },
  },
});
