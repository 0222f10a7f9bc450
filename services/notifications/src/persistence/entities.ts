import type { EntitySchema } from '@mikro-orm/core';
import { platformEntities } from '@kassa/platform/persistence';
import { EmailMessageEntity } from './email-message.entity';
import { EmailStatusChangeEntity } from './email-status-change.entity';
import { WaitlistEntryEntity } from './waitlist-entry.entity';

export { EmailMessageEntity, EmailStatusChangeEntity, WaitlistEntryEntity };

export const notificationsEntities: EntitySchema[] = [
  ...platformEntities,
  EmailMessageEntity as EntitySchema,
  EmailStatusChangeEntity as EntitySchema,
  WaitlistEntryEntity as EntitySchema,
];
