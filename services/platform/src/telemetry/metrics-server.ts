import { createServer, type Server } from 'node:http';
import { BFF_PART } from '../topology';
import { renderPrometheusMetrics } from './metrics';

/** What the server logs; a pino logger fits, and without one it writes JSON lines to the console. */
export interface MetricsServerLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface MetricsServerOptions {
  port: number;
  /** Default all interfaces: Prometheus scrapes the pod's address. */
  host?: string;
  logger?: MetricsServerLogger;
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

export const DEFAULT_METRICS_PORT = BFF_PART.metricsPort;

const consoleLogger: MetricsServerLogger = {
  info: (fields, message) =>
    console.log(JSON.stringify({ level: 'info', component: 'metrics', msg: message, ...fields })),
  warn: (fields, message) =>
    console.warn(JSON.stringify({ level: 'warn', component: 'metrics', msg: message, ...fields })),
};

/** METRICS_PORT: unset or empty → 9100, `0` or `off` → no metrics server. */
export function metricsPortFrom(env: Record<string, string | undefined>): number | undefined {
  const value = env.METRICS_PORT?.trim().toLowerCase();
  if (!value) return DEFAULT_METRICS_PORT;
  if (value === '0' || value === 'off') return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`METRICS_PORT must be a port number, 0 or off (got "${env.METRICS_PORT}")`);
  return port;
}

/**
 * A small HTTP server with only GET /metrics and /healthz, for a process whose own HTTP side is public (the BFF):
 * its metrics stay off the public routes and are reached only on this port. A port already taken (Next runs
 * `register()` in more than one process in development) is a warning, not a crash: resolves undefined.
 */
export function startMetricsServer({
  port,
  host = '0.0.0.0',
  logger = consoleLogger,
}: MetricsServerOptions): Promise<MetricsServer | undefined> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
    } else if (path === '/metrics') {
      renderPrometheusMetrics().then(
        (text) => response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' }).end(text),
        (error: unknown) => {
          logger.warn({ err: String(error) }, 'metrics collection failed');
          response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('# metrics collection failed\n');
        },
      );
    } else if (path === '/healthz') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    } else {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => {
    let listening = false;
    server.on('error', (error: NodeJS.ErrnoException) => {
      if (listening) {
        logger.warn({ err: error.message, code: error.code }, 'metrics server error');
        return;
      }
      logger.warn({ port, host, err: error.message, code: error.code }, 'metrics server not started');
      resolve(undefined);
    });
    server.listen({ port, host }, () => {
      listening = true;
      // The metrics server never keeps the process alive on its own.
      server.unref();
      const address = server.address();
      const boundPort = typeof address === 'object' && address ? address.port : port;
      logger.info({ port: boundPort }, 'metrics server listening');
      resolve({
        port: boundPort,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
