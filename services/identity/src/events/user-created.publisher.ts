import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@kassa/platform/outbox';
import { UserCreated } from '@kassa/proto/identity/events/v1/events';
import type { User } from '../persistence/user.entity';
import { IDENTITY_SUBJECTS } from './subjects';

export function publishUserCreated(em: EntityManager, user: User): void {
  addToOutbox(em, {
    subject: IDENTITY_SUBJECTS.userCreated,
    type: UserCreated,
    message: { userId: user.id, email: user.email, locale: user.locale, createdAt: user.createdAt },
    key: user.id,
  });
}
