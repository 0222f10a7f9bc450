import type { DiscountCodeChanged } from '@kassa/proto/catalog/events/v1/events';
import type { EntityManager } from '@mikro-orm/postgresql';
import { upsertDiscountCode } from '../persistence/projection.repository';

/** catalog's DiscountCodeChanged → the code's rules; "deleted" leaves a tombstone. */
export async function projectDiscountCode(em: EntityManager, message: DiscountCodeChanged): Promise<void> {
  const code = message.discountCode;
  if (!code?.id) throw new Error('DiscountCodeChanged without a code');
  await upsertDiscountCode(
    em,
    {
      id: code.id,
      shopId: code.shopId,
      organisationId: message.organisationId,
      code: code.code,
      type: code.type,
      value: Number(code.value),
      validFrom: code.validFrom ?? null,
      validUntil: code.validUntil ?? null,
      maxUses: code.maxUses ?? null,
      itemIds: code.itemIds,
      version: code.version,
    },
    { removed: message.change === 'deleted' },
  );
}
