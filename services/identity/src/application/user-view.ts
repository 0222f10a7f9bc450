// Not a use case: an account as the contract's message.
import type { User as UserMessage } from '@kassa/proto/identity/v1/identity';
import type { User } from '../persistence/user.entity';

export function toUserMessage(user: User): UserMessage {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    locale: user.locale,
    createdAt: user.createdAt,
  };
}
