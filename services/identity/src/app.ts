import { randomBytes, randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createNamespace } from '@kassa/platform/config';
import { parseKey } from '@kassa/platform/crypto';
import { callerVerifiersOf, createGrpcServer } from '@kassa/platform/grpc';
import { readinessChecks, startHttpEdge } from '@kassa/platform/health';
import type { Lifecycle } from '@kassa/platform/lifecycle';
import { connectNats, ensureStream, serviceNatsUser } from '@kassa/platform/messaging';
import { startOutboxRelay } from '@kassa/platform/outbox';
import { createOrm } from '@kassa/platform/persistence';
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
  const orm = await createOrm({
    databaseUrl: config.databaseUrl,
    entities: identityEntities,
    logger,
    poolMax: config.databasePoolMax,
  });
  lifecycle.onShutdown('connections', 'postgres', () => orm.close());

  const redis = new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
  lifecycle.onShutdown('connections', 'redis', async () => void (await redis.quit()));

  const namespace = createNamespace(config.namespace);
  const nats = await connectNats({
    url: config.natsUrl,
    name: 'identity',
    user: serviceNatsUser(config.serviceName, config.namespace),
    logger,
  });
  lifecycle.onShutdown('connections', 'nats', () => nats.close());
  await ensureStream(nats.jsm, {
    name: namespace.stream(IDENTITY_STREAM.name),
    subjects: IDENTITY_STREAM.subjects.map(namespace.subject),
  });

  const ctx: IdentityContext = {
    orm,
    rateLimiter: createRateLimiter(redis, { prefix: namespace.key('kassa:ratelimit:') }),
    keys: deriveIdentityKeys(parseKey(config.KASSA_SEALING_KEY)),
    logger,
    now: () => new Date(),
    randomInt: (max) => randomInt(max),
    signInSendLimitPerIp: config.SIGNIN_SEND_LIMIT_PER_IP,
  };

  const relay = startOutboxRelay({ orm, js: nats.js, logger, namespace });
  lifecycle.onShutdown('relays', 'outbox relay', () => relay.stop());

  const purgeJob = await startPurgeExpiredJob(
    ctx,
    { redisUrl: config.redisUrl, queue: namespace.queue('identity-maintenance') },
    logger,
  );
  lifecycle.onShutdown('consumers', 'purge job', () => purgeJob.close());

  const grpcServer = createGrpcServer({ logger, port: config.grpcPort, callerVerifiers: callerVerifiersOf(config) });
  grpcServer.add(identityService, identityHandlers(ctx));
  const socialCtx: SocialSignInContext = {
    ...ctx,
    providers: createOidcProviderDirectory(config.OIDC_PROVIDERS ?? []),
    loginStateKey: deriveLoginStateKey(ctx.keys.sealing),
    randomBytes: (size) => randomBytes(size),
  };
  grpcServer.add(socialSignInService, socialSignInHandlers(socialCtx));
  grpcServer.add(organisationService, organisationHandlers(ctx));
  const grpcPort = await grpcServer.start();
  lifecycle.onShutdown('ingress', 'grpc', () => grpcServer.shutdown());

  const edge = await startHttpEdge({
    port: config.httpPort,
    logger,
    checks: readinessChecks({ orm, redis: () => redis.ping(), nats }),
  });
  lifecycle.onShutdown('ingress', 'http edge', () => edge.close());

  logger.info({ grpcPort }, 'identity started');
  return { grpcPort, ctx, relay };
}
