// Calls the services with the gRPC cases, as the BFF calls them (the platform's client, a caller credential made with
// KASSA_CALLER_KEY, the actor in metadata), and with raw bytes through a client that sends them unencoded.
import { makeGenericClientConstructor, type ServiceDefinition } from '@grpc/grpc-js';
import { type CallerKey, createGrpcClient, isGrpcCallError, type PromiseClient } from '@kassa/platform/grpc';
import type { GrpcMethod } from '../surface';
import type { GrpcAnswer } from './judge';

interface MethodDefinition {
  path: string;
  requestSerialize(value: unknown): Buffer;
  responseDeserialize(value: Buffer): unknown;
}

interface MessageFns {
  fromPartial(value: unknown): unknown;
  encode(value: unknown): { finish(): Uint8Array };
}

type AnyClient = PromiseClient<Record<string, MethodDefinition>> &
  Record<string, (request: unknown, options?: { actorUserId?: string; deadlineMs?: number }) => Promise<unknown>>;

/** One method, callable with a typed request (encoded by ts-proto) or with raw bytes. */
export interface CallableMethod {
  method: GrpcMethod;
  /** The request message's ts-proto functions. */
  request: MessageFns;
  call(request: unknown, actorUserId: string | undefined): Promise<GrpcAnswer>;
  callRaw(bytes: Buffer, actorUserId: string | undefined): Promise<GrpcAnswer>;
}

const DEADLINE_MS = 20_000;

async function answerOf(call: Promise<unknown>): Promise<GrpcAnswer> {
  try {
    await call;
    return { code: 0, details: '', violations: [] };
  } catch (error) {
    if (isGrpcCallError(error)) return { code: error.code, details: error.details, violations: error.violations };
    throw error;
  }
}

/**
 * `addresses`: the service's gRPC address by the first part of the method's module (identity, catalog, …);
 * `requestNameOf`: the request message's name of a method path (from proto-types.ts).
 */
export function callableMethods(
  methods: readonly GrpcMethod[],
  addresses: Record<string, string>,
  callerKey: CallerKey,
  requestNameOf: (path: string) => string,
): { methods: CallableMethod[]; close(): void } {
  const clients = new Map<string, { typed: AnyClient; raw: AnyClient; definition: Record<string, MethodDefinition> }>();
  const callable = methods.map((method): CallableMethod => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const module = require(`@kassa/proto/${method.module}`) as Record<string, unknown>;
    const service = method.module.split('/')[0]!;
    const address = addresses[service];
    if (!address) throw new Error(`no gRPC address for ${service}`);
    const clientKey = `${method.module}#${method.service}`;
    let client = clients.get(clientKey);
    if (!client) {
      const Typed = module[`${method.service}Client`] as Parameters<typeof createGrpcClient>[0];
      const definition = module[`${method.service}Service`] as Record<string, MethodDefinition>;
      // The same methods with the bytes passed through unencoded, and the answers left undecoded.
      const rawDefinition = Object.fromEntries(
        Object.entries(definition).map(([name, entry]) => [
          name,
          { ...entry, requestSerialize: (bytes: Buffer) => bytes, responseDeserialize: (bytes: Buffer) => bytes },
        ]),
      );
      const Raw = makeGenericClientConstructor(rawDefinition as unknown as ServiceDefinition, method.service);
      client = {
        typed: createGrpcClient(Typed, address, { callerKey, deadlineMs: DEADLINE_MS }) as unknown as AnyClient,
        raw: createGrpcClient(Raw as unknown as Parameters<typeof createGrpcClient>[0], address, {
          callerKey,
          deadlineMs: DEADLINE_MS,
        }) as unknown as AnyClient,
        definition,
      };
      clients.set(clientKey, client);
    }
    const name = Object.entries(client.definition).find(([, entry]) => entry.path === method.path)?.[0];
    if (!name) throw new Error(`${method.path} is not in ${method.service}Service`);
    const { typed, raw } = client;
    const request = module[requestNameOf(method.path)] as MessageFns | undefined;
    if (!request?.encode || !request.fromPartial) throw new Error(`cannot find the request message of ${method.path}`);
    return {
      method,
      request,
      call: (message, actorUserId) => answerOf(typed[name]!(message, { actorUserId })),
      callRaw: (bytes, actorUserId) => answerOf(raw[name]!(bytes, { actorUserId })),
    };
  });
  return {
    methods: callable,
    close: () => {
      for (const { typed, raw } of clients.values()) {
        typed.close();
        raw.close();
      }
    },
  };
}
