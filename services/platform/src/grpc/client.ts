import {
  connectivityState,
  credentials,
  makeGenericClientConstructor,
  Metadata,
  status,
  type CallOptions as GrpcCallOptions,
  type ChannelOptions,
  type Client,
  type ServiceDefinition,
  type ServiceError,
} from '@grpc/grpc-js';
import type { FieldViolation } from '../errors';
import { CALLER_HEADER, type CallerKey, requestDigest, signCall, targetOfMethod } from './caller-credential';
import { decodeRetryAfter, decodeViolations } from './error-mapping';
import { observeEndpoints, settleConnections } from './endpoints';
import {
  ACTOR_USER_ID_HEADER,
  type Actor,
  type MethodDefinitionLike,
  type RequestOf,
  type ResponseOf,
  type UnaryMethodNames,
} from './types';

/** A failed call, with the validation violations and retry-after the server sent in trailers. */
export class GrpcCallError extends Error {
  readonly code: status;
  readonly details: string;
  readonly violations: FieldViolation[];
  readonly retryAfterSeconds?: number;
  readonly metadata: Metadata;

  constructor(error: ServiceError, method: string) {
    super(`${method} failed: ${status[error.code] ?? error.code} ${error.details}`);
    this.name = 'GrpcCallError';
    this.code = error.code;
    this.details = error.details;
    this.metadata = error.metadata ?? new Metadata();
    this.violations = decodeViolations(error.metadata);
    this.retryAfterSeconds = decodeRetryAfter(error.metadata);
  }
}

/**
 * True for a GrpcCallError, judged by shape rather than `instanceof`: a bundler may load this module
 * twice (the BFF's route chunks), giving two GrpcCallError classes.
 */
export function isGrpcCallError(error: unknown): error is GrpcCallError {
  return (
    error instanceof Error && error.name === 'GrpcCallError' && typeof (error as { code?: unknown }).code === 'number'
  );
}

export interface ClientCallOptions {
  deadlineMs?: number;
  actorUserId?: string;
}

export interface GrpcClientOptions {
  /** This workload's caller key (callerKeyOf(config)): every call carries a credential made with it, for its method, actor and body. */
  callerKey: CallerKey;
  deadlineMs?: number;
  /** Who is calling, asked on every call (e.g. from the BFF's request scope). */
  actor?: () => Actor;
  channelOptions?: ChannelOptions;
  /**
   * A client of several replicas holds its calls for at most this long while its connections are first made (and
   * again after the channel went idle), so that they are spread over every replica that connects, not all sent to
   * the first one. 0 sends them at once.
   */
  firstConnectWaitMs?: number;
}

export type PromiseClient<S> = {
  [K in UnaryMethodNames<S>]: (request: RequestOf<S[K]>, options?: ClientCallOptions) => Promise<ResponseOf<S[K]>>;
} & { close(): void; raw: Client };

type UnaryCallback = (error: ServiceError | null, response: unknown) => void;
type RawUnary = (
  request: unknown,
  metadata: Metadata,
  options: Partial<GrpcCallOptions>,
  callback: UnaryCallback,
) => unknown;

/** The request goes out as the bytes the credential's digest was taken of: encoded once, here. */
const sendBytes = (bytes: Buffer): Buffer => bytes;

export interface ClientConstructorLike<S> {
  new (
    address: string,
    creds: ReturnType<typeof credentials.createInsecure>,
    options?: Partial<ChannelOptions>,
  ): Client;
  service: S;
}

/**
 * grpc-js backs off up to 120 s between reconnection attempts by default, so a client that saw its server restart
 * twice could keep failing calls with UNAVAILABLE long after the server is back. Services restart in seconds
 * (a deploy, a crash, kill -9): try again soon, and never wait more than a few seconds.
 */
const RECONNECT_BACKOFF: Partial<ChannelOptions> = {
  'grpc.initial_reconnect_backoff_ms': 250,
  'grpc.max_reconnect_backoff_ms': 3_000,
};

/**
 * Calls to a target of several replicas (a headless Service's pods behind `dns:///`, or a list of local replicas) are
 * spread over all of them, not pinned to the first one: grpc-js defaults to pick_first, which would send all of one
 * client's traffic to one replica for the life of its connection. A single `host:port` keeps pick_first: it has
 * nobody to spread over, and pick_first reconnects when the next call comes, where round_robin keeps retrying a dead
 * server with back-off and fails calls at once in between, so a restarted service would answer late.
 */
export function balancesCalls(target: string): boolean {
  return /^(dns|ipv4|ipv6):/.test(target);
}

const ROUND_ROBIN: Partial<ChannelOptions> = {
  'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
};

/**
 * The grpc-js target of an address setting: `host:port` and `dns:///host:port` as they are, and a comma-separated
 * list of replicas (`127.0.0.1:50053,127.0.0.1:50063`, as `npm run up` runs them) as one `ipv4:`/`ipv6:` target.
 */
export function grpcTarget(address: string): string {
  const parts = address
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length <= 1) return address.trim();
  const scheme = parts.every((part) => /^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(part))
    ? 'ipv4'
    : parts.every((part) => /^\[[0-9a-f:]+\]:\d+$/i.test(part))
      ? 'ipv6'
      : undefined;
  if (!scheme) throw new Error(`A list of gRPC addresses must be IP:port pairs of one family, got "${address}"`);
  return `${scheme}:${parts.join(',')}`;
}

/** Long enough for a replica on a busy node to accept a connection; short beside any call's deadline. */
const FIRST_CONNECT_WAIT_MS = 2_000;

/**
 * A promise-based client for a ts-proto generated client constructor, with a deadline and a caller credential on
 * every call. A client of several replicas connects to all of them at once and spreads its calls from the first one.
 */
export function createGrpcClient<S>(
  ClientConstructor: ClientConstructorLike<S>,
  address: string,
  {
    callerKey,
    deadlineMs = 5000,
    actor,
    channelOptions,
    firstConnectWaitMs = FIRST_CONNECT_WAIT_MS,
  }: GrpcClientOptions,
): PromiseClient<S> {
  if (callerKey.secret.length !== 32) throw new Error('createGrpcClient needs a callerKey with a secret of 32 bytes');
  const target = grpcTarget(address);
  const balanced = balancesCalls(target);
  const methods = ClientConstructor.service as unknown as Record<string, MethodDefinitionLike>;
  const firstPath = Object.values(methods)[0]?.path ?? '';
  // The same service, sending already encoded bytes. Made with grpc-js's own constructor (as ts-proto's clients are),
  // so that its methods are the ones the OpenTelemetry gRPC instrumentation wraps with client spans and propagation.
  const sendingBytes = Object.fromEntries(
    Object.entries(methods).map(([name, method]) => [name, { ...method, requestSerialize: sendBytes }]),
  );
  const BytesClient = makeGenericClientConstructor(
    sendingBytes as unknown as ServiceDefinition,
    firstPath.slice(1, firstPath.lastIndexOf('/')),
  );
  const raw = new BytesClient(target, credentials.createInsecure(), {
    ...RECONNECT_BACKOFF,
    ...(balanced ? ROUND_ROBIN : {}),
    ...channelOptions,
  });
  const stopObserving = observeEndpoints(raw, firstPath.slice(1, firstPath.lastIndexOf('/')));
  const connections = balanced && firstConnectWaitMs > 0 ? connectionGate(raw, firstConnectWaitMs) : undefined;
  const client: Record<string, unknown> = {
    raw,
    close: () => {
      stopObserving();
      raw.close();
    },
  };
  for (const [name, method] of Object.entries(methods)) {
    if (method.requestStream || method.responseStream) continue;
    const call = (raw as unknown as Record<string, RawUnary>)[name]!.bind(raw);
    // Health belongs to no workload and is answered without a credential (probes hold no key).
    const signed = targetOfMethod(method.path) !== undefined;
    client[name] = (request: unknown, options: ClientCallOptions = {}) =>
      new Promise((resolve, reject) => {
        const metadata = new Metadata();
        const userId = options.actorUserId ?? actor?.().userId;
        if (userId) metadata.set(ACTOR_USER_ID_HEADER, userId);
        const bytes = method.requestSerialize(request as never);
        if (signed) metadata.set(CALLER_HEADER, signCall(callerKey, method.path, userId, requestDigest(bytes)));
        const deadline = new Date(Date.now() + (options.deadlineMs ?? deadlineMs));
        const callOptions: Partial<GrpcCallOptions> = { deadline };
        const send = () => {
          try {
            call(bytes, metadata, callOptions, (error, response) => {
              if (error) reject(new GrpcCallError(error, method.path));
              else resolve(response);
            });
          } catch (error) {
            // grpc-js throws at once for a channel closed meanwhile (a call held while the service shuts down).
            reject(error);
          }
        };
        const connecting = connections?.();
        // Held at most until shortly before the call's own deadline, so that it still reaches the server in time.
        if (connecting)
          void withinMs(connecting, deadline.getTime() - Date.now() - DEADLINE_MARGIN_MS).then(send, send);
        else send();
      });
  }
  return client as PromiseClient<S>;
}

/** What a held call leaves of its deadline for the call itself. */
const DEADLINE_MARGIN_MS = 250;

/** `promise`, or nothing after `ms` (whichever comes first); the timer never keeps the process alive. */
function withinMs(promise: Promise<void>, ms: number): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return Promise.race([promise, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);
}

/**
 * Connects a channel to every replica now, and again whenever it went idle; returns what a call waits for while
 * that is under way (undefined once the connections are settled, so a warm channel's calls go straight out).
 */
function connectionGate(raw: Client, waitMs: number): () => Promise<void> | undefined {
  let settling: Promise<void> | undefined;
  const settle = () => {
    const current = settleConnections(raw, waitMs).finally(() => {
      if (settling === current) settling = undefined;
    });
    settling = current;
  };
  settle();
  return () => {
    if (!settling && raw.getChannel().getConnectivityState(false) === connectivityState.IDLE) settle();
    return settling;
  };
}
