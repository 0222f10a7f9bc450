import { EntitySchema } from '@mikro-orm/core';
import type { EmailMessage } from '../domain/email-message';

/** The domain aggregate is stored as is: domain functions change a managed instance and the ORM tracks it. */
export const EmailMessageEntity = new EntitySchema<EmailMessage>({
  name: 'EmailMessage',
  tableName: 'email_message',
  properties: {
    id: { type: 'string', columnType: 'text', primary: true },
    template: { type: 'string', columnType: 'text' },
    recipient: { type: 'string', columnType: 'text' },
    locale: { type: 'string', columnType: 'text' },
    subject: { type: 'string', columnType: 'text' },
    subjectRef: { type: 'string', columnType: 'text', fieldName: 'subject_ref' },
    dedupeKey: { type: 'string', columnType: 'text', nullable: true, fieldName: 'dedupe_key' },
    organisationId: { type: 'string', columnType: 'text', nullable: true, fieldName: 'organisation_id' },
    purpose: { type: 'string', columnType: 'text' },
    attachments: { type: 'string[]', columnType: 'text[]' },
    providerMessageId: { type: 'string', columnType: 'text', nullable: true, fieldName: 'provider_message_id' },
    status: { type: 'string', columnType: 'text' },
    sealedPayload: { type: 'string', columnType: 'text', nullable: true, fieldName: 'sealed_payload' },
    attempts: { type: 'integer' },
    createdAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'created_at' },
    updatedAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'updated_at' },
  },
});
