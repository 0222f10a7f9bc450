export {
  createGrpcServer,
  CALLER_UNAUTHENTICATED,
  CALLER_NOT_ALLOWED,
  type GrpcServer,
  type GrpcServerOptions,
} from './server';
export { endpointStates, type EndpointState } from './endpoints';
export {
  createGrpcClient,
  grpcTarget,
  GrpcCallError,
  isGrpcCallError,
  type PromiseClient,
  type ClientCallOptions,
  type GrpcClientOptions,
  type ClientConstructorLike,
} from './client';
export {
  CALLER_HEADER,
  CALLER_SKEW_SECONDS,
  CALLER_KEY_SETTINGS,
  WORKLOADS,
  signCall,
  verifyCall,
  requestDigest,
  pairKey,
  targetOfMethod,
  callerKeyOf,
  callerVerifiersOf,
  callerKeyFromRoot,
  verifiersFromRoot,
  verifiersText,
  rootDerivedSecret,
  type Workload,
  type CallerKey,
  type CallerVerifiers,
  type CallerCheck,
  type CallerVerdict,
  type CallerKeyConfig,
} from './caller-credential';
export { attest, readAttestation } from './attestation';
export { SERVICE_CALLS, PUBLIC_ENTRY, callerMayCall, type ServiceCall } from './caller-policy';
export {
  toGrpcError,
  decodeViolations,
  decodeRetryAfter,
  INTERNAL_MESSAGE,
  type GrpcErrorReply,
} from './error-mapping';
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
