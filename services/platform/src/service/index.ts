// What every service opens, serves and stops the same way, so that each app.ts names only what is its own: its
// context, its consumers, its jobs and its gRPC handlers. Each part registers its own stop in the lifecycle phase
// where it belongs (connections last, ingress first), so a service cannot forget one or stop it out of order.
import type { EntitySchema, MikroORM } from '@mikro-orm/postgresql';
import { createNamespace, type BaseConfig, type Namespace } from '../config';
import { callerVerifiersOf, createGrpcServer, type AsyncHandlers, type CallerKeyConfig } from '../grpc';
import { readinessChecks, startHttpEdge, type ReadinessDependencies } from '../health';
import type { Lifecycle } from '../lifecycle';
import type { Logger } from '../logging';
import { connectNats, ensureStream, serviceNatsUser, type NatsHandles, type StreamOptions } from '../messaging';
import { startOutboxRelay, type OutboxRelay } from '../outbox';
import { createOrm } from '../persistence';

export interface ServiceStreamDefinition {
  /** The stream's name before the namespace. */
  name: string;
  /** Its subjects before the namespace. */
  subjects: readonly string[];
  maxAgeMs?: number;
}

export interface ServiceConnections {
  orm: MikroORM;
  nats: NatsHandles;
  namespace: Namespace;
}

/**
 * The service's own database (its entities only) and its bus connection as its own NATS user, with its own stream
 * created or updated. Both close in the `connections` phase.
 */
export async function openServiceConnections(options: {
  config: BaseConfig;
  logger: Logger;
  lifecycle: Lifecycle;
  entities: EntitySchema[];
  stream: ServiceStreamDefinition;
}): Promise<ServiceConnections> {
  const { config, logger, lifecycle, stream } = options;
  const orm = await createOrm({
    databaseUrl: config.databaseUrl,
    entities: options.entities,
    logger,
    poolMax: config.databasePoolMax,
  });
  lifecycle.onShutdown('connections', 'postgres', () => orm.close());
  const namespace = createNamespace(config.namespace);
  const nats = await connectNats({
    url: config.natsUrl,
    name: config.serviceName,
    user: serviceNatsUser(config.serviceName, config.namespace),
    logger,
  });
  lifecycle.onShutdown('connections', 'nats', () => nats.close());
  const streamOptions: StreamOptions = {
    name: namespace.stream(stream.name),
    subjects: stream.subjects.map(namespace.subject),
    ...(stream.maxAgeMs === undefined ? {} : { maxAgeMs: stream.maxAgeMs }),
  };
  await ensureStream(nats.jsm, streamOptions);
  return { orm, nats, namespace };
}

/** Publishes what the service's transactions wrote to its outbox; stops in the `relays` phase. */
export function startServiceRelay(
  connections: ServiceConnections,
  options: { logger: Logger; lifecycle: Lifecycle },
): OutboxRelay {
  const { orm, nats, namespace } = connections;
  const relay = startOutboxRelay({ orm, js: nats.js, logger: options.logger, namespace });
  options.lifecycle.onShutdown('relays', 'outbox relay', () => relay.stop());
  return relay;
}

/** One gRPC service and its handlers: `grpcService(orderService, orderHandlers(ctx))`. */
export interface GrpcServiceBinding {
  add(server: { add<S>(definition: S, handlers: AsyncHandlers<S>): void }): void;
}

export function grpcService<S>(definition: S, handlers: AsyncHandlers<S>): GrpcServiceBinding {
  return { add: (server) => server.add(definition, handlers) };
}

/**
 * Serves the service's gRPC services (callers verified by their credential) and its HTTP edge: liveness, metrics,
 * and readiness of exactly the dependencies given. Both stop first, in the `ingress` phase.
 */
export async function serveService(options: {
  config: BaseConfig & CallerKeyConfig;
  logger: Logger;
  lifecycle: Lifecycle;
  grpc: GrpcServiceBinding[];
  /** What the service really depends on: `{ orm, nats }`, with `redis` only when it keeps something there. */
  readiness: ReadinessDependencies;
  grpcHost?: string;
}): Promise<{ grpcPort: number; httpPort: number }> {
  const { config, logger, lifecycle } = options;
  const grpcServer = createGrpcServer({
    logger,
    port: config.grpcPort,
    callerVerifiers: callerVerifiersOf(config),
    ...(options.grpcHost === undefined ? {} : { host: options.grpcHost }),
  });
  for (const binding of options.grpc) binding.add(grpcServer);
  const grpcPort = await grpcServer.start();
  lifecycle.onShutdown('ingress', 'grpc', () => grpcServer.shutdown());
  const edge = await startHttpEdge({ port: config.httpPort, logger, checks: readinessChecks(options.readiness) });
  lifecycle.onShutdown('ingress', 'http edge', () => edge.close());
  return { grpcPort, httpPort: edge.port };
}
