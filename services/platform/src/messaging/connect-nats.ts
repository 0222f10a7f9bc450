import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';

export interface NatsHandles {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  /** Drains subscriptions and pending publishes, then closes. */
  close(): Promise<void>;
}

/** Connects (reconnecting forever) and fails at once when JetStream is not enabled on the server. */
export async function connectNats(options: { url: string; name: string; logger: Logger }): Promise<NatsHandles> {
  const log = options.logger.child({ component: 'nats' });
  const nc = await connect({ servers: options.url, name: options.name, maxReconnectAttempts: -1 });
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'error') log.warn({ status: status.type }, 'NATS connection problem');
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
