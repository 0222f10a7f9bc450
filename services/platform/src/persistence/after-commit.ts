import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from '@mikro-orm/postgresql';

type Effect = () => void;
/** The effects of the unit of work running in this async context (savepoints inside it included). */
const unitOfWork = new AsyncLocalStorage<Effect[]>();

/**
 * Runs `work` in a transaction and, once it has committed, the effects registered with `afterCommit` inside it
 * (metrics, wake-ups): a rolled-back unit of work leaves no trace in the counters.
 */
export async function transactionalWithEffects<T>(
  em: EntityManager,
  work: (em: EntityManager) => Promise<T>,
): Promise<T> {
  const effects: Effect[] = [];
  const result = await unitOfWork.run(effects, () => em.transactional((trx) => work(trx)));
  for (const effect of effects) {
    try {
      effect();
    } catch {
      // An effect after the commit (a counter) must never turn a committed unit of work into a failure.
    }
  }
  return result;
}

/**
 * Registers an effect for after the commit of the unit of work `em` belongs to. The unit is found by the async
 * context, not by `em`, so a nested `em.transactional` (a savepoint, with its own entity manager) still waits for
 * the outer commit. Outside `transactionalWithEffects` (a handler called directly by a test) there is no commit to
 * wait for, so it runs at once.
 */
export function afterCommit(_em: EntityManager, effect: Effect): void {
  const effects = unitOfWork.getStore();
  if (effects) effects.push(effect);
  else effect();
}
