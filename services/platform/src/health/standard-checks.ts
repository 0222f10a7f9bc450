import type { MikroORM } from '@mikro-orm/postgresql';
import type { NatsHandles } from '../messaging';

export interface StandardReadinessDependencies {
  orm: Pick<MikroORM, 'em'>;
  /** One round trip to Redis: `() => redis.ping()`, or through a BullMQ queue `() => queue.count()`. */
  redis: () => Promise<unknown>;
  nats: Pick<NatsHandles, 'nc'>;
}

/** The readiness checks every service has (`postgres`, `redis`, `nats`), for `startHttpEdge({ checks })`. */
export function standardReadinessChecks({ orm, redis, nats }: StandardReadinessDependencies): Record<string, () => Promise<void>> {
  return {
    postgres: async () => void (await orm.em.fork().getConnection().execute('select 1')),
    redis: async () => void (await redis()),
    nats: async () => {
      if (nats.nc.isClosed()) throw new Error('NATS connection closed');
      // A round trip: a connection that is reconnecting is not closed, but cannot deliver anything either.
      await nats.nc.flush();
    },
  };
}
