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
import { controlCharacterViolations, ValidationError } from '../errors';
import { counter, secondsHistogram } from '../metrics/instruments';
import {
  CALLER_HEADER,
  type CallerVerdict,
  type CallerVerifiers,
  requestDigest,
  verifyCall,
} from './caller-credential';
import { callerMayCall } from './caller-policy';
import { toGrpcError } from './error-mapping';
import { HealthService, HealthState } from './health-service';
import { ACTOR_USER_ID_HEADER, type AsyncHandlers, type CallContext, type MethodDefinitionLike } from './types';

export interface GrpcServerOptions {
  logger: Logger;
  port: number;
  host?: string;
  /** How long a call may run when the caller sent no deadline. */
  ceilingMs?: number;
  /**
   * The keys a call's caller credential (metadata `kassa-caller`) may be made with, per caller
   * (callerVerifiersOf(config)). Calls without a valid one, or from a caller SERVICE_CALLS does not let call the
   * method, are refused.
   */
  callerVerifiers: CallerVerifiers;
  /** A call answered OK is logged at info only when it took at least this long (SLOW_CALL_MS). */
  slowCallMs?: number;
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
/**
 * A call answered OK is logged at debug: its rate and latency are in kassa.rpc.server.* and its detail in its span,
 * and a line for each was a fifth of a call's CPU. Slower ones, and every call not answered OK, are logged at info.
 */
const SLOW_CALL_MS = 1_000;
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
const rpcDuration = secondsHistogram(
  'kassa.rpc.server.duration.seconds',
  'Time to answer a gRPC call, by method and status code',
);

function actorFrom(metadata: Metadata): CallContext['actor'] {
  const userId = metadata.get(ACTOR_USER_ID_HEADER)[0];
  return typeof userId === 'string' && userId !== '' ? { userId } : {};
}

/** The refusals of a caller: no genuine credential, or a genuine caller SERVICE_CALLS does not let make the call. */
export const CALLER_UNAUTHENTICATED = 'The call carries no valid caller credential.';
export const CALLER_NOT_ALLOWED = 'The caller may not make this call.';

/**
 * What a request decodes to when its bytes are no message of the method (truncated, a wire type the decoder cannot
 * skip): grpc-js would answer INTERNAL by itself when the decoder throws; the call is refused as invalid instead.
 */
const UNDECODABLE = Symbol('undecodable request');
const UNDECODABLE_MESSAGE = 'The request is not a valid message.';

/** What the server's deserializer hands the handler: the message and the digest of the bytes it came from. */
interface ReceivedRequest {
  message: unknown;
  digest: Buffer;
}

/** Why the call's credential is not good enough, or 'ok'; 'forbidden' when a genuine caller may not make this call. */
function judgeCaller(
  metadata: Metadata,
  verifiers: CallerVerifiers,
  method: string,
  digest: Buffer,
): CallerVerdict | 'forbidden' {
  const values = metadata.get(CALLER_HEADER);
  // Two credentials are one too many: which one was checked would be a guess for whoever reads the logs.
  if (values.length > 1) return 'malformed';
  const credential = typeof values[0] === 'string' ? values[0] : undefined;
  const actor = actorFrom(metadata).userId;
  const { verdict, caller } = verifyCall(verifiers, method, actor, digest, credential);
  if (verdict !== 'ok') return verdict;
  return callerMayCall(caller!, method, actor !== undefined) ? 'ok' : 'forbidden';
}

function callerDeadline(call: ServerUnaryCall<unknown, unknown>): Date | undefined {
  const deadline = call.getDeadline();
  const ms = deadline instanceof Date ? deadline.getTime() : deadline;
  return Number.isFinite(ms) ? new Date(ms) : undefined;
}

export function createGrpcServer({
  logger,
  port,
  host = '0.0.0.0',
  ceilingMs = DEFAULT_CEILING_MS,
  callerVerifiers,
  slowCallMs = SLOW_CALL_MS,
}: GrpcServerOptions): GrpcServer {
  const keys = [...callerVerifiers.values()].flat();
  if (keys.length === 0 || keys.some((key) => key.length !== 32))
    throw new Error('createGrpcServer needs callerVerifiers: one or more keys of 32 bytes');
  const server = new Server(CONNECTION_OPTIONS);
  const health = new HealthState();
  server.addService(HealthService as unknown as ServiceDefinition, health.implementation());

  function wrap(method: string, handler: (request: unknown, ctx: CallContext) => Promise<unknown>) {
    const quiet = method.startsWith('/grpc.health.v1.');
    return (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>): void => {
      const started = performance.now();
      const received = call.request as ReceivedRequest;
      // Health is asked by probes and load balancers that hold no key; every other method needs the credential.
      const verdict = quiet ? 'ok' : judgeCaller(call.metadata, callerVerifiers, method, received.digest);
      if (verdict !== 'ok') {
        // A genuine caller outside SERVICE_CALLS is known and refused for what it asked; anything else is unknown.
        const code = verdict === 'forbidden' ? status.PERMISSION_DENIED : status.UNAUTHENTICATED;
        callback({ code, details: verdict === 'forbidden' ? CALLER_NOT_ALLOWED : CALLER_UNAUTHENTICATED });
        const attributes = { rpc_method: method, rpc_code: statusName(code) };
        rpcRequests.add(1, attributes);
        rpcDuration.record((performance.now() - started) / 1000, attributes);
        // The reason and the peer point at the pod that is misconfigured; the credential itself is not logged.
        logger.warn(
          { method, status: statusName(code), grpc_code: code, reason: verdict, peer: call.getPeer() },
          'grpc call refused: no valid caller credential for this call',
        );
        return;
      }
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
        else if (quiet || (code === status.OK && elapsedMs < slowCallMs)) logger.debug(entry, 'grpc call');
        else logger.info(entry, code === status.OK ? 'grpc call slow' : 'grpc call');
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
      const timer = setTimeout(
        () => {
          abort.abort(new Error('deadline exceeded'));
          if (sent) return;
          answered = true;
          callback({ code: status.DEADLINE_EXCEEDED, details: 'Deadline exceeded' });
          finish(status.DEADLINE_EXCEEDED);
        },
        Math.max(0, deadline.getTime() - Date.now()),
      );
      timer.unref();
      call.on('cancelled', () => {
        abort.abort(new Error('cancelled'));
        if (answered) return;
        answered = true;
        clearTimeout(timer);
        finish(sent && Date.now() >= sent.getTime() ? status.DEADLINE_EXCEEDED : status.CANCELLED);
      });

      if (received.message === UNDECODABLE) {
        answer(new ValidationError([{ field: 'request', message: UNDECODABLE_MESSAGE }]));
        return;
      }
      // One door for every method: a control character in any string is refused before a handler sees it.
      const controlCharacters = controlCharacterViolations(received.message);
      if (controlCharacters.length > 0) {
        answer(new ValidationError(controlCharacters));
        return;
      }
      const ctx: CallContext = {
        metadata: call.metadata,
        actor: actorFrom(call.metadata),
        deadline,
        method,
        signal: abort.signal,
      };
      Promise.resolve()
        .then(() => handler(received.message, ctx))
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
      const decoding: Record<string, MethodDefinitionLike> = {};
      const byName = handlers as unknown as Record<string, (request: unknown, ctx: CallContext) => Promise<unknown>>;
      for (const [name, method] of Object.entries(methods)) {
        if (method.requestStream || method.responseStream)
          throw new Error(`${method.path}: only unary methods are supported`);
        const handler = byName[name];
        if (!handler) throw new Error(`${method.path}: no handler`);
        implementation[name] = wrap(method.path, handler.bind(handlers));
        decoding[name] = {
          ...method,
          // The digest is taken of the bytes as they arrived: the caller credential binds the call to them.
          requestDeserialize: (bytes): ReceivedRequest => {
            const digest = requestDigest(bytes);
            try {
              return { message: method.requestDeserialize(bytes), digest };
            } catch {
              return { message: UNDECODABLE, digest };
            }
          },
        };
        health.addService(method.path.split('/')[1] ?? '');
      }
      server.addService(decoding as unknown as ServiceDefinition, implementation);
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
