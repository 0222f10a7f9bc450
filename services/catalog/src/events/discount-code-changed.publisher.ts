import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@kassa/platform/outbox';
import { DiscountCodeChanged } from '@kassa/proto/catalog/events/v1/events';
import type { DiscountCode } from '@kassa/proto/catalog/v1/shops';
import { type DiscountCodeChange, discountCodeSubject } from './subjects';

/** The whole code after the change (its last state for "deleted"), in the caller's transaction. */
export function publishDiscountCodeChanged(
  em: EntityManager,
  discountCode: DiscountCode,
  organisationId: string,
  change: DiscountCodeChange,
  actorUserId: string | null,
  occurredAt: Date,
): void {
  addToOutbox(em, {
    subject: discountCodeSubject(change),
    type: DiscountCodeChanged,
    message: { discountCode, organisationId, change, actorUserId: actorUserId ?? '', occurredAt },
    key: discountCode.id,
  });
}
