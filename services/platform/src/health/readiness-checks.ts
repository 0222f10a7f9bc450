import type { MikroORM } from '@mikro-orm/postgresql';
import type { NatsHandles } from '../messaging';

/** Resolves when its dependency is usable, rejects when it is not. */
export type ReadinessCheck = () => Promise<void>;

/** `select 1` on a forked entity manager: the pool hands out a connection and PostgreSQL answers. */
export function postgresCheck(orm: Pick<MikroORM, 'em'>): ReadinessCheck {
  return async () => void (await orm.em.fork().getConnection().execute('select 1'));
}

/** One round trip to Redis: `() => redis.ping()`, or through a BullMQ queue `() => queue.count()`. */
export function redisCheck(roundTrip: () => Promise<unknown>): ReadinessCheck {
  return async () => void (await roundTrip());
}

/** Fails when the connection is closed, else flushes. */
export function natsCheck(nats: Pick<NatsHandles, 'nc'>): ReadinessCheck {
  return async () => {
    if (nats.nc.isClosed()) throw new Error('NATS connection closed');
    // A round trip: a connection that is reconnecting is not closed, but cannot deliver anything either.
    await nats.nc.flush();
  };
}

/** The dependencies a service really has; leave out the ones it does not use. */
export interface ReadinessDependencies {
  /** PostgreSQL, through the service's ORM: the check `postgres`. */
  orm?: Pick<MikroORM, 'em'>;
  /** One round trip to Redis (see redisCheck): the check `redis`. */
  redis?: () => Promise<unknown>;
  /** The check `nats`. */
  nats?: Pick<NatsHandles, 'nc'>;
}

/** The check each dependency gives (`orm` is checked as `postgres`). */
interface CheckNames {
  orm: 'postgres';
  redis: 'redis';
  nats: 'nats';
}
type Named<D> = keyof D & keyof CheckNames;

/** One check per dependency given (see CheckNames); a dependency that may be undefined gives an optional check. */
export type ReadinessChecks<D extends ReadinessDependencies> = {
  [K in Named<D> as undefined extends D[K] ? never : CheckNames[K]]: ReadinessCheck;
} & {
  [K in Named<D> as undefined extends D[K] ? CheckNames[K] : never]?: ReadinessCheck;
};

/**
 * The readiness checks of exactly the dependencies named, for `startHttpEdge({ checks })`:
 * `readinessChecks({ orm, nats })` is `{ postgres, nats }`, so /readyz lists only what the service connects to.
 */
export function readinessChecks<D extends ReadinessDependencies>(dependencies: D): ReadinessChecks<D> {
  const { orm, redis, nats } = dependencies as ReadinessDependencies;
  const checks: Partial<Record<CheckNames[keyof CheckNames], ReadinessCheck>> = {};
  if (orm) checks.postgres = postgresCheck(orm);
  if (redis) checks.redis = redisCheck(redis);
  if (nats) checks.nats = natsCheck(nats);
  return checks as ReadinessChecks<D>;
}
