import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { describeNatsAuthError, natsAuthOptions } from './nats-credentials';

export interface NatsHandles {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  /** Drains subscriptions and pending publishes, then closes. */
  close(): Promise<void>;
}

/**
 * Connects as `user` (see nats-credentials.ts), reconnecting forever, and fails at once when the server refuses the
 * user or JetStream is not enabled on it.
 */
export async function connectNats(options: {
  url: string;
  name: string;
  user: string;
  logger: Logger;
}): Promise<NatsHandles> {
  const log = options.logger.child({ component: 'nats' });
  const nc = await connect({
    servers: options.url,
    name: options.name,
    maxReconnectAttempts: -1,
    ...natsAuthOptions(options.user),
  }).catch((error: unknown) => {
    throw describeNatsAuthError(error, options.user);
  });
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'error')
        log.warn({ status: status.type }, 'NATS connection problem');
      else if (status.type === 'reconnect') log.info('NATS reconnected');
    }
  })();
  const jsm = await jetstreamManager(nc);
  const js = jetstream(nc);
  log.info({ server: nc.getServer() }, 'connected to NATS');
  return {
    nc,
    js,
    jsm,
    async close() {
      if (nc.isClosed()) return;
      await nc.drain();
    },
  };
}
