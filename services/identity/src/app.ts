import { randomBytes, randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { parseKey } from '@kassa/platform/crypto';
import type { Lifecycle } from '@kassa/platform/lifecycle';
import { grpcService, openServiceConnections, serveService, startServiceRelay } from '@kassa/platform/service';
import { createRateLimiter } from '@kassa/platform/ratelimit';
import type { IdentityContext } from './application/identity-context';
import { deriveIdentityKeys } from './application/keys';
import { type SocialSignInContext, deriveLoginStateKey } from './application/social-sign-in-context';
import type { IdentityConfig } from './config';
import { IDENTITY_STREAM } from './events/subjects';
import { identityHandlers, identityService } from './grpc/identity.handlers';
import { organisationHandlers, organisationService } from './grpc/organisations.handlers';
import { socialSignInHandlers, socialSignInService } from './grpc/social-sign-in.handlers';
import { startPurgeExpiredJob } from './jobs/purge-expired.job';
import { createOidcProviderDirectory } from './oidc/generic-oidc-provider';
import { identityEntities } from './persistence/schema';

/**
 * Starts every part of the identity service and registers how each one stops.
 * main.ts calls it; integration tests call it too, so they run the real wiring.
 */
export async function startIdentity(config: IdentityConfig, logger: Logger, lifecycle: Lifecycle) {
  const connections = await openServiceConnections({
    config: config,
    logger,
    lifecycle,
    entities: identityEntities,
    stream: IDENTITY_STREAM,
  });
  const { orm, nats, namespace } = connections;

  const redis = new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
  lifecycle.onShutdown('connections', 'redis', async () => void (await redis.quit()));

  const ctx: IdentityContext = {
    orm,
    rateLimiter: createRateLimiter(redis, { prefix: namespace.key('kassa:ratelimit:') }),
    keys: deriveIdentityKeys(parseKey(config.KASSA_SEALING_KEY)),
    logger,
    now: () => new Date(),
    randomInt: (max) => randomInt(max),
    signInSendLimitPerIp: config.SIGNIN_SEND_LIMIT_PER_IP,
  };

  const relay = startServiceRelay(connections, { logger, lifecycle });

  const purgeJob = await startPurgeExpiredJob(
    ctx,
    { redisUrl: config.redisUrl, queue: namespace.queue('identity-maintenance') },
    logger,
  );
  lifecycle.onShutdown('consumers', 'purge job', () => purgeJob.close());

  const socialCtx: SocialSignInContext = {
    ...ctx,
    providers: createOidcProviderDirectory(config.OIDC_PROVIDERS ?? []),
    loginStateKey: deriveLoginStateKey(ctx.keys.sealing),
    randomBytes: (size) => randomBytes(size),
  };
  const { grpcPort, httpPort } = await serveService({
    config,
    logger,
    lifecycle,
    grpc: [
      grpcService(identityService, identityHandlers(ctx)),
      grpcService(socialSignInService, socialSignInHandlers(socialCtx)),
      grpcService(organisationService, organisationHandlers(ctx)),
    ],
    // Redis keeps the sign-in rate limits and the maintenance jobs.
    readiness: { orm, redis: () => redis.ping(), nats },
  });

  logger.info({ grpcPort, httpPort }, 'identity started');
  return { grpcPort, httpPort, ctx, relay };
}
