// Not a use case: what identity's use cases are given (database, clock, random source, keys, rate limiter).
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { RateLimiter } from '@kassa/platform/ratelimit';

/** What the use cases need from the outside world; tests pass a clock and a random source. */
export interface IdentityContext {
  orm: MikroORM;
  rateLimiter: RateLimiter;
  keys: IdentityKeys;
  logger: Logger;
  now(): Date;
  randomInt(maxExclusive: number): number;
  /** Sign-in codes per client address per window; SEND_LIMIT_PER_IP's when unset. */
  signInSendLimitPerIp?: number;
  /**
   * The simultaneous-answers control only (services/identity/test/integration/sign-in.int.test.ts): reads a
   * challenge without its row lock, so that the test can show two right answers then both sign in.
   */
  unsafeUnlockedChallenge?: boolean;
}

export interface IdentityKeys {
  /** Seals codes in events (shared with notifications). */
  sealing: Buffer;
  /** Keys the HMAC of stored codes, derived from the sealing key so one secret serves both. */
  codeHmac: Buffer;
}
