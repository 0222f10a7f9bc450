// Not a use case: a discount code's uniqueness in its shop, checked before a write and read from the database's answer.
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ConflictError } from '@kassa/platform/errors';
import { DiscountCodeEntity } from '../persistence/discount-code.entity';

const ALREADY_EXISTS = 'The shop has this discount code already';

/** ALREADY_EXISTS when another code of the shop reads the same in any case. */
export async function assertCodeIsFree(
  em: EntityManager,
  shopId: string,
  codeKey: string,
  exceptId?: string,
): Promise<void> {
  const other = await em.findOne(
    DiscountCodeEntity,
    { shopId, codeKey, ...(exceptId ? { id: { $ne: exceptId } } : {}) },
    { fields: ['id'] },
  );
  if (other) throw new ConflictError(ALREADY_EXISTS);
}

/** The unique index decides a race between two requests that both passed assertCodeIsFree. */
export async function mapCodeConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new ConflictError(ALREADY_EXISTS);
    throw error;
  }
}
