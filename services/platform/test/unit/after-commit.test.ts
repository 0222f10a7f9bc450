import type { EntityManager } from '@mikro-orm/postgresql';
import { afterCommit, transactionalWithEffects } from '../../src/persistence/after-commit';

/**
 * Stand-ins for an EntityManager: only `transactional` is used, and what matters here is when effects run relative
 * to it. The real commit and rollback are covered against PostgreSQL in test/integration/metrics.int.test.ts.
 */
function entityManager(events: string[], commit: 'succeeds' | 'fails' = 'succeeds') {
  const trx = {} as EntityManager;
  const em = {
    async transactional<T>(work: (trx: EntityManager) => Promise<T>): Promise<T> {
      const result = await work(trx);
      if (commit === 'fails') throw new Error('could not serialize access');
      events.push('commit');
      return result;
    },
  } as unknown as EntityManager;
  return { em, trx };
}

describe('afterCommit', () => {
  it('runs the effects registered in the transaction after it committed, in order, and returns its result', async () => {
    const events: string[] = [];
    const { em } = entityManager(events);
    const result = await transactionalWithEffects(em, async (trx) => {
      afterCommit(trx, () => events.push('first effect'));
      events.push('work');
      afterCommit(trx, () => events.push('second effect'));
      return 42;
    });
    expect(result).toBe(42);
    expect(events).toEqual(['work', 'commit', 'first effect', 'second effect']);
  });

  it('drops the effects when the work throws or the commit fails', async () => {
    const events: string[] = [];
    const throwing = entityManager(events);
    await expect(
      transactionalWithEffects(throwing.em, async (trx) => {
        afterCommit(trx, () => events.push('effect of thrown work'));
        throw new Error('handler failed');
      }),
    ).rejects.toThrow('handler failed');
    const failingCommit = entityManager(events, 'fails');
    await expect(
      transactionalWithEffects(failingCommit.em, async (trx) => {
        afterCommit(trx, () => events.push('effect of a failed commit'));
      }),
    ).rejects.toThrow('could not serialize access');
    expect(events).toEqual([]);
  });

  it('does not let a throwing effect turn a committed transaction into a failure', async () => {
    const events: string[] = [];
    const { em } = entityManager(events);
    await transactionalWithEffects(em, async (trx) => {
      afterCommit(trx, () => {
        throw new Error('counter broke');
      });
      afterCommit(trx, () => events.push('later effect'));
    });
    expect(events).toEqual(['commit', 'later effect']);
  });

  it('runs an effect at once outside transactionalWithEffects, and after the transaction ended', async () => {
    const events: string[] = [];
    const { em, trx } = entityManager(events);
    afterCommit({} as EntityManager, () => events.push('no transaction'));
    await transactionalWithEffects(em, async () => undefined);
    afterCommit(trx, () => events.push('after the end'));
    expect(events).toEqual(['no transaction', 'commit', 'after the end']);
  });

  it('waits for the outer commit when the effect is registered inside a savepoint (a nested transaction with its own entity manager)', async () => {
    const events: string[] = [];
    const outer = entityManager(events);
    await transactionalWithEffects(outer.em, async () => {
      const savepoint = entityManager(events);
      await savepoint.em.transactional(async (nested) => {
        afterCommit(nested, () => events.push('effect from the savepoint'));
      });
      events.push('outer work goes on');
    });
    // The savepoint's stand-in records its own "commit" first: the effect still waits for the outer one.
    expect(events).toEqual(['commit', 'outer work goes on', 'commit', 'effect from the savepoint']);
  });

  it('keeps the effects of units of work running at the same time apart', async () => {
    const events: string[] = [];
    let releaseSlow!: () => void;
    const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));
    const slow = transactionalWithEffects(entityManager(events).em, async (trx) => {
      afterCommit(trx, () => events.push('slow effect'));
      await slowGate;
    });
    await transactionalWithEffects(entityManager(events).em, async (trx) => {
      afterCommit(trx, () => events.push('fast effect'));
    });
    releaseSlow();
    await slow;
    expect(events).toEqual(['commit', 'fast effect', 'commit', 'slow effect']);
  });
});
