// The BFF's settings, read from the environment once per call site (cheap, and tests can pass their own).
import { parseKey } from '@kassa/platform/crypto';
import { type CallerKey, callerKeyFromRoot } from '@kassa/platform/grpc';
import { localAddress } from '@kassa/platform/topology';

export interface BffConfig {
  /** IDENTITY_GRPC_ADDRESS, host:port of the identity service. */
  identityAddress: string;
  /** CATALOG_GRPC_ADDRESS, host:port of the catalog service (events, ticket options, their history). */
  catalogAddress: string;
  /** NOTIFICATIONS_GRPC_ADDRESS, host:port of the notifications service (waitlist, contact form, order e-mails). */
  notificationsAddress: string;
  /** ORDERING_GRPC_ADDRESS, host:port of the ordering service (availability, cart prices). */
  orderingAddress: string;
  /** PAYMENTS_GRPC_ADDRESS, host:port of the payments service (payment attempts, webhooks, payment settings). */
  paymentsAddress: string;
  /** TICKETING_GRPC_ADDRESS, host:port of the ticketing service (tickets, attendees, scanning). */
  ticketingAddress: string;
  /** REDIS_URL, for the rate limits of the BFF's own public endpoints (shop passwords). */
  redisUrl: string;
  /** TRUST_PROXY=1: believe X-Forwarded-For/-Proto/-Host from the ingress in front of us. */
  trustProxy: boolean;
  /** KASSA_PUBLIC_ORIGIN, e.g. https://kassa.example; when unset the origin is derived from the request. */
  publicOrigin?: string;
}

export function readBffConfig(env: Record<string, string | undefined> = process.env): BffConfig {
  const publicOrigin = env.KASSA_PUBLIC_ORIGIN?.trim();
  return {
    identityAddress: env.IDENTITY_GRPC_ADDRESS?.trim() || localAddress('identity'),
    catalogAddress: env.CATALOG_GRPC_ADDRESS?.trim() || localAddress('catalog'),
    notificationsAddress: env.NOTIFICATIONS_GRPC_ADDRESS?.trim() || localAddress('notifications'),
    orderingAddress: env.ORDERING_GRPC_ADDRESS?.trim() || localAddress('ordering'),
    paymentsAddress: env.PAYMENTS_GRPC_ADDRESS?.trim() || localAddress('payments'),
    ticketingAddress: env.TICKETING_GRPC_ADDRESS?.trim() || localAddress('ticketing'),
    redisUrl: env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379',
    trustProxy: env.TRUST_PROXY === '1',
    publicOrigin: publicOrigin ? new URL(publicOrigin).origin : undefined,
  };
}

/**
 * The BFF's own caller key: KASSA_CALLER_SECRET (base64url of 32 bytes, given to the BFF alone), or outside production
 * the development root KASSA_CALLER_KEY it is derived from. Every gRPC call carries a credential made with it, without
 * which the services refuse it. Required; read apart from readBffConfig so that building the app (which renders pages
 * that read the config) needs no secret.
 */
export function readCallerKey(env: Record<string, string | undefined> = process.env): CallerKey {
  const own = env.KASSA_CALLER_SECRET?.trim();
  try {
    if (own) return { workload: 'bff', secret: parseKey(own) };
  } catch {
    throw new Error('Invalid configuration for bff: KASSA_CALLER_SECRET (must be base64url of 32 bytes)');
  }
  if (env.KASSA_ENV === 'production') {
    throw new Error(
      "Invalid configuration for bff: KASSA_CALLER_SECRET is required (KASSA_CALLER_KEY derives every workload's key and is refused in production)",
    );
  }
  try {
    return callerKeyFromRoot(parseKey(env.KASSA_CALLER_KEY ?? ''), 'bff');
  } catch {
    throw new Error(
      'Invalid configuration for bff: KASSA_CALLER_SECRET or, in development, KASSA_CALLER_KEY (must be base64url of 32 bytes)',
    );
  }
}
