export { createGrpcServer, type GrpcServer, type GrpcServerOptions } from './server';
export { endpointStates, type EndpointState } from './endpoints';
export { createGrpcClient, grpcTarget, GrpcCallError, isGrpcCallError, type PromiseClient, type ClientCallOptions, type GrpcClientOptions, type ClientConstructorLike } from './client';
export {
  CALLER_HEADER,
  CALLER_SKEW_SECONDS,
  CALLER_KEY_SETTINGS,
  signCall,
  verifyCall,
  callerKeyOf,
  callerKeysOf,
  type CallerVerdict,
  type CallerKeyConfig,
} from './caller-credential';
export { toGrpcError, decodeViolations, decodeRetryAfter, INTERNAL_MESSAGE, type GrpcErrorReply } from './error-mapping';
export {
  ACTOR_USER_ID_HEADER,
  VALIDATION_TRAILER,
  RETRY_AFTER_TRAILER,
  type AsyncHandlers,
  type CallContext,
  type Actor,
  type RequestOf,
  type ResponseOf,
} from './types';
export { status, Metadata } from '@grpc/grpc-js';
