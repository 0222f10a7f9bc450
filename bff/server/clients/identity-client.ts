import { createGrpcClient, type PromiseClient } from '@kassa/platform/grpc';
import { IdentityServiceClient, type IdentityServiceService } from '@kassa/proto/identity/v1/identity';
import { readBffConfig, readCallerKey } from '../bff-config';

export type IdentityClient = PromiseClient<IdentityServiceService>;

// One channel per process; kept on globalThis so that dev-mode module reloads do not open a new one each time.
const holder = globalThis as typeof globalThis & { kassaIdentityClient?: IdentityClient };

export function identityClient(): IdentityClient {
  holder.kassaIdentityClient ??= createGrpcClient(IdentityServiceClient, readBffConfig().identityAddress, {
    callerKey: readCallerKey(),
    deadlineMs: 5000,
  });
  return holder.kassaIdentityClient;
}
