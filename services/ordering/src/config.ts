import { z } from 'zod';
import { loadConfig } from '@kassa/platform/config';
import { CALLER_KEY_SETTINGS } from '@kassa/platform/grpc';
import { DEFAULT_HOLD_LIMITS, type HoldLimits } from './domain/hold-limits';
import type { BucketPolicy } from './domain/quota-allocation';
import { localAddress, localDefaults } from '@kassa/platform/topology';

export const ORDERING_DEFAULTS = localDefaults('ordering');

export function loadOrderingConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(
    'ordering',
    ORDERING_DEFAULTS,
    {
      /**
       * KASSA_CALLER_SECRET and KASSA_CALLER_VERIFIERS (KASSA_CALLER_KEY in development): the credential of every gRPC
       * call made and accepted.
       */
      ...CALLER_KEY_SETTINGS,
      /** The platform fee per paid ticket, in minor units (free tickets carry none). */
      TICKET_FEE_MINOR: z.coerce.number().int().min(0).default(49),
      /** base64url of 32 bytes, shared with catalog: checkout checks catalog's shop access tokens with a key derived from it. */
      KASSA_SEALING_KEY: z.string().min(43, 'must be base64url of 32 bytes'),
      /** host:port of identity, asked to authorise every organiser call. */
      IDENTITY_GRPC_ADDRESS: z.string().min(3).default(localAddress('identity')),
      /** How long an unpaid order holds its tickets when its shop sets no time of its own; fractions allowed (tests). */
      ORDER_HOLD_MINUTES: z.coerce
        .number()
        .positive()
        .max(24 * 60)
        .default(15),
      /** Tickets one e-mail address may hold unpaid for one event at a time (domain/hold-limits.ts). */
      ORDERING_MAX_HELD_TICKETS_PER_EMAIL: z.coerce.number().int().min(1).default(DEFAULT_HOLD_LIMITS.perEmail),
      /** Tickets one client address may hold unpaid for one event at a time: larger, many guests share an address. */
      ORDERING_MAX_HELD_TICKETS_PER_ADDRESS: z.coerce.number().int().min(1).default(DEFAULT_HOLD_LIMITS.perAddress),
      /**
       * How often the sweeper expires held orders whose expiry job is gone (Redis lost it) and reschedules the coming
       * ones: the longest a hold can outlive its end when Redis restarts without persistence.
       */
      ORDER_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
      /**
       * Buckets of a quota whose capacity is at least QUOTA_BUCKET_MIN_CAPACITY (or unlimited); 1 = no split. 16 from
       * `npm run bench:onsale`: 13–26 % more checkouts/s and a 32–46 % lower p99 than one row on this machine.
       */
      QUOTA_BUCKETS: z.coerce.number().int().min(1).max(64).default(16),
      /** Quotas below this capacity keep one exact row: a small event never sees the rush that makes one row hot. */
      QUOTA_BUCKET_MIN_CAPACITY: z.coerce.number().int().min(1).default(1000),
    },
    env,
  );
}
export type OrderingConfig = ReturnType<typeof loadOrderingConfig>;

export function bucketPolicyOf(
  config: Pick<OrderingConfig, 'QUOTA_BUCKETS' | 'QUOTA_BUCKET_MIN_CAPACITY'>,
): BucketPolicy {
  return { buckets: config.QUOTA_BUCKETS, minCapacity: config.QUOTA_BUCKET_MIN_CAPACITY };
}

export function holdLimitsOf(
  config: Pick<OrderingConfig, 'ORDERING_MAX_HELD_TICKETS_PER_EMAIL' | 'ORDERING_MAX_HELD_TICKETS_PER_ADDRESS'>,
): HoldLimits {
  return {
    perEmail: config.ORDERING_MAX_HELD_TICKETS_PER_EMAIL,
    perAddress: config.ORDERING_MAX_HELD_TICKETS_PER_ADDRESS,
  };
}
