import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { renderPrometheusMetrics } from '../telemetry/metrics';
import type { ReadinessCheck } from './readiness-checks';

export {
  natsCheck,
  postgresCheck,
  readinessChecks,
  redisCheck,
  type ReadinessCheck,
  type ReadinessChecks,
  type ReadinessDependencies,
} from './readiness-checks';

export interface HttpEdgeOptions {
  port: number;
  host?: string;
  logger: Logger;
  /** Readiness checks by name (database, nats, redis …); each rejects when its dependency is not usable. */
  checks: Record<string, ReadinessCheck>;
  /** Adds routes of the service (e.g. webhooks) before the server listens. */
  register?: (app: FastifyInstance) => void | Promise<void>;
  checkTimeoutMs?: number;
}

export interface HttpEdge {
  app: FastifyInstance;
  port: number;
  /** Makes /readyz answer 503 at once (first step of shutdown), before the server closes. */
  setReady(ready: boolean): void;
  close(): Promise<void>;
}

const PROBE_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

function withTimeout(check: () => Promise<void>, ms: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    check()
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}

/** The service's small HTTP side: liveness, readiness, Prometheus metrics, and any routes `register` adds. */
export async function startHttpEdge({
  port,
  host = '0.0.0.0',
  logger,
  checks,
  register,
  checkTimeoutMs = 2000,
}: HttpEdgeOptions): Promise<HttpEdge> {
  // Typed as the default instance so that `register` callbacks take the ordinary FastifyInstance.
  const app = Fastify({
    loggerInstance: logger.child({ component: 'http' }),
    // Probes and scrapes every few seconds would bury the requests worth reading (webhooks).
    logController: new LogController({
      disableRequestLogging: (request: { url?: string }) => PROBE_PATHS.has((request.url ?? '').split('?')[0]!),
    }),
  }) as unknown as FastifyInstance;
  let ready = true;

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    if (!ready) return reply.code(503).send({ status: 'unavailable', failing: ['shutting-down'] });
    const names = Object.keys(checks);
    const results = await Promise.allSettled(names.map((name) => withTimeout(checks[name]!, checkTimeoutMs)));
    const failing = names.filter((_name, index) => results[index]!.status === 'rejected');
    if (failing.length > 0) {
      results.forEach((result, index) => {
        if (result.status === 'rejected')
          logger.warn({ check: names[index], err: result.reason }, 'readiness check failed');
      });
      return reply.code(503).send({ status: 'unavailable', failing });
    }
    return { status: 'ok' };
  });

  app.get('/metrics', async (_request, reply) => {
    reply.type('text/plain; version=0.0.4; charset=utf-8');
    return renderPrometheusMetrics();
  });

  await register?.(app);
  await app.listen({ port, host });
  const address = app.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  logger.info({ port: boundPort }, 'http edge listening');

  return {
    app,
    port: boundPort,
    setReady(value) {
      ready = value;
    },
    close: () => app.close(),
  };
}
