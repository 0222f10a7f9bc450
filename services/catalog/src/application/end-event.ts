import { LockMode } from '@mikro-orm/core';
import { isDueToEnd } from '../domain/event-status';
import { EventEntity } from '../persistence/event.entity';
import type { CatalogContext } from './catalog-context';
import { applyStatusChange } from './change-event-status';

/**
 * The automatic live → ended at endsAt, by the system. Idempotent and safe to run early or twice: an event that
 * is not (or no longer) due is left alone, so a stale job after a moved end or a republish does nothing.
 */
export async function endEvent(ctx: CatalogContext, eventId: string): Promise<boolean> {
  const now = ctx.now();
  return ctx.orm.em.fork().transactional(async (em) => {
    const event = await em.findOne(EventEntity, { id: eventId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!event || !isDueToEnd(event, now)) return false;
    await applyStatusChange(em, event, 'ended', null, now);
    ctx.logger.info({ eventId }, 'event ended');
    return true;
  });
}
