import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Runs `fn` once the transaction of `em` has committed (never when it rolls back). `em` must be the
 * manager a top-level `em.transactional()` handed to its callback: MikroORM gives that fork its own
 * event manager, so the subscriber lives and dies with this one transaction.
 */
export function afterCommit(em: EntityManager, fn: () => void): void {
  if (!em.isInTransaction()) {
    fn();
    return;
  }
  let done = false;
  em.getEventManager().registerSubscriber({
    afterTransactionCommit: () => {
      if (done) return;
      done = true;
      fn();
    },
    afterTransactionRollback: () => {
      done = true;
    },
  });
}
