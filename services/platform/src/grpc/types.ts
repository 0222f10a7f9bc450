import type { Metadata } from '@grpc/grpc-js';

/** The shape of one method in a ts-proto `outputServices=grpc-js` service definition. */
export interface MethodDefinitionLike {
  path: string;
  requestStream: boolean;
  responseStream: boolean;
  requestSerialize: (value: never) => Buffer;
  requestDeserialize: (bytes: Buffer) => unknown;
  responseSerialize: (value: never) => Buffer;
  responseDeserialize: (bytes: Buffer) => unknown;
}

export type RequestOf<M> = M extends { requestSerialize: (value: infer R) => Buffer } ? R : never;
export type ResponseOf<M> = M extends { responseSerialize: (value: infer R) => Buffer } ? R : never;

/** The keys of a service definition whose methods are unary (the only kind Kassa APIs use). */
export type UnaryMethodNames<S> = {
  [K in keyof S]: S[K] extends { requestStream: false; responseStream: false } ? K : never;
}[keyof S] &
  string;

export interface Actor {
  userId?: string;
}

export interface CallContext {
  metadata: Metadata;
  /** Who the BFF says is calling (metadata `kassa-actor-user-id`); empty for anonymous calls. */
  actor: Actor;
  /** When the call must be answered: the caller's deadline, or the server ceiling when it sent none. */
  deadline?: Date;
  /** The full method path, e.g. /kassa.identity.v1.IdentityService/GetSession. */
  method: string;
  /** Aborted when the caller cancels or the deadline passes; pass it to work that can stop early. */
  signal: AbortSignal;
}

/** Async handlers for every unary method of a ts-proto service definition, e.g. AsyncHandlers<typeof IdentityServiceService>. */
export type AsyncHandlers<S> = {
  [K in UnaryMethodNames<S>]: (request: RequestOf<S[K]>, ctx: CallContext) => Promise<ResponseOf<S[K]>>;
};

export const ACTOR_USER_ID_HEADER = 'kassa-actor-user-id';
export const VALIDATION_TRAILER = 'kassa-validation-bin';
export const RETRY_AFTER_TRAILER = 'retry-after';
