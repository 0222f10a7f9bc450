import {
  Server,
  ServerCredentials,
  status,
  type Metadata,
  type sendUnaryData,
  type ServerUnaryCall,
  type ServiceDefinition,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import type { Logger } from 'pino';
import { counter, secondsHistogram } from '../metrics/instruments';
import { toGrpcError } from './error-mapping';
import { HealthService, HealthState } from './health-service';
import { ACTOR_USER_ID_HEADER, type AsyncHandlers, type CallContext, type MethodDefinitionLike } from './types';

export interface GrpcServerOptions {
  logger: Logger;
  port: number;
  host?: string;
  /** How long a call may run when the caller sent no deadline. */
  ceilingMs?: number;
}

export interface GrpcServer {
  add<S>(definition: S, handlers: AsyncHandlers<S>): void;
  /** Binds and serves; resolves with the bound port (useful with port 0). */
  start(): Promise<number>;
  /** Health to NOT_SERVING, then lets calls in flight finish for up to graceMs before cutting them. */
  shutdown(graceMs?: number): Promise<void>;
  setServing(serving: boolean): void;
}

const DEFAULT_CEILING_MS = 30_000;
const statusName = (code: status): string => status[code] ?? String(code);

/**
 * Clients balance round_robin over the addresses a headless Service's DNS name resolves to, and resolve again only
 * when a connection ends. Ending every connection after about 5 minutes (grpc-js adds ±10 % jitter) makes them
 * look again, so replicas the autoscaler added get their share of calls. The grace lets calls in flight finish:
 * it covers the longest call the server allows (the 30 s ceiling).
 */
const CONNECTION_OPTIONS = {
  'grpc.max_connection_age_ms': 5 * 60_000,
  'grpc.max_connection_age_grace_ms': 30_000,
};

const rpcRequests = counter('kassa.rpc.server.requests', 'gRPC calls answered, by method and status code');
const rpcDuration = secondsHistogram('kassa.rpc.server.duration.seconds', 'Time to answer a gRPC call, by method and status code');

function actorFrom(metadata: Metadata): CallContext['actor'] {
  const userId = metadata.get(ACTOR_USER_ID_HEADER)[0];
  return typeof userId === 'string' && userId !== '' ? { userId } : {};
}

function callerDeadline(call: ServerUnaryCall<unknown, unknown>): Date | undefined {
  const deadline = call.getDeadline();
  const ms = deadline instanceof Date ? deadline.getTime() : deadline;
  return Number.isFinite(ms) ? new Date(ms) : undefined;
}

export function createGrpcServer({ logger, port, host = '0.0.0.0', ceilingMs = DEFAULT_CEILING_MS }: GrpcServerOptions): GrpcServer {
  const server = new Server(CONNECTION_OPTIONS);
  const health = new HealthState();
  server.addService(HealthService as unknown as ServiceDefinition, health.implementation());

  function wrap(method: string, handler: (request: unknown, ctx: CallContext) => Promise<unknown>) {
    const quiet = method.startsWith('/grpc.health.v1.');
    return (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>): void => {
      const started = performance.now();
      const sent = callerDeadline(call);
      const deadline = sent ?? new Date(Date.now() + ceilingMs);
      const abort = new AbortController();
      let answered = false;

      const finish = (code: status, error?: unknown, unexpected = false): void => {
        const elapsedMs = performance.now() - started;
        const entry = { method, status: statusName(code), grpc_code: code, duration_ms: Math.round(elapsedMs) };
        // Health checks (probes every few seconds) would outnumber the calls worth watching.
        if (!quiet) {
          const attributes = { rpc_method: method, rpc_code: statusName(code) };
          rpcRequests.add(1, attributes);
          rpcDuration.record(elapsedMs / 1000, attributes);
        }
        if (unexpected) logger.error({ ...entry, err: error }, 'grpc call failed');
        else if (quiet) logger.debug(entry, 'grpc call');
        else logger.info(entry, 'grpc call');
      };
      const answer = (error: unknown, response?: unknown): void => {
        if (answered) return;
        answered = true;
        clearTimeout(timer);
        if (error === undefined) {
          callback(null, response);
          finish(status.OK);
          return;
        }
        const reply = toGrpcError(error);
        callback({ code: reply.code, details: reply.details, metadata: reply.metadata });
        finish(reply.code, error, reply.unexpected);
      };

      // The caller's own deadline is enforced by grpc-js; the ceiling covers callers that sent none.
      const timer = setTimeout(() => {
        abort.abort(new Error('deadline exceeded'));
        if (sent) return;
        answered = true;
        callback({ code: status.DEADLINE_EXCEEDED, details: 'Deadline exceeded' });
        finish(status.DEADLINE_EXCEEDED);
      }, Math.max(0, deadline.getTime() - Date.now()));
      timer.unref();
      call.on('cancelled', () => {
        abort.abort(new Error('cancelled'));
        if (answered) return;
        answered = true;
        clearTimeout(timer);
        finish(sent && Date.now() >= sent.getTime() ? status.DEADLINE_EXCEEDED : status.CANCELLED);
      });

      const ctx: CallContext = { metadata: call.metadata, actor: actorFrom(call.metadata), deadline, method, signal: abort.signal };
      Promise.resolve()
        .then(() => handler(call.request, ctx))
        .then(
          (response) => answer(undefined, response),
          (error: unknown) => answer(error ?? new Error('Handler rejected without a reason')),
        );
    };
  }

  return {
    add(definition, handlers) {
      const implementation: UntypedServiceImplementation = {};
      const methods = definition as unknown as Record<string, MethodDefinitionLike>;
      const byName = handlers as unknown as Record<string, (request: unknown, ctx: CallContext) => Promise<unknown>>;
      for (const [name, method] of Object.entries(methods)) {
        if (method.requestStream || method.responseStream) throw new Error(`${method.path}: only unary methods are supported`);
        const handler = byName[name];
        if (!handler) throw new Error(`${method.path}: no handler`);
        implementation[name] = wrap(method.path, handler.bind(handlers));
        health.addService(method.path.split('/')[1] ?? '');
      }
      server.addService(definition as unknown as ServiceDefinition, implementation);
    },

    start() {
      return new Promise((resolve, reject) => {
        server.bindAsync(`${host}:${port}`, ServerCredentials.createInsecure(), (error, boundPort) => {
          if (error) reject(error);
          else {
            logger.info({ port: boundPort }, 'grpc server listening');
            resolve(boundPort);
          }
        });
      });
    },

    setServing(serving) {
      health.setServing(serving);
    },

    async shutdown(graceMs = 10_000) {
      health.setServing(false);
      health.endWatches();
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          logger.warn({ graceMs }, 'grpc calls still running after the grace period: cutting them');
          server.forceShutdown();
          resolve();
        }, graceMs);
        force.unref();
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      });
    },
  };
}
