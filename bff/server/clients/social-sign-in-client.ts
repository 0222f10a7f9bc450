import { createGrpcClient, type PromiseClient } from '@kassa/platform/grpc';
import { SocialSignInServiceClient, type SocialSignInServiceService } from '@kassa/proto/identity/v1/social_sign_in';
import { readBffConfig, readCallerKey } from '../bff-config';
import { logger } from '../logger';

export type SocialSignInClient = PromiseClient<typeof SocialSignInServiceService>;

// One channel per process, as for the identity client; identity serves both services on one address.
const holder = globalThis as typeof globalThis & { kassaSocialSignInClient?: SocialSignInClient };

export function socialSignInClient(): SocialSignInClient {
  holder.kassaSocialSignInClient ??= createGrpcClient(SocialSignInServiceClient, readBffConfig().identityAddress, {
    callerKey: readCallerKey(),
    deadlineMs: 10_000,
  });
  return holder.kassaSocialSignInClient;
}

/** The configured providers for the buttons; none when identity cannot say, so the code sign-in still shows. */
export async function listSocialProviders(): Promise<{ id: string; name: string }[]> {
  try {
    const { providers } = await socialSignInClient().listProviders({}, { deadlineMs: 2000 });
    return providers.map(({ id, name }) => ({ id, name }));
  } catch (error) {
    logger.warn({ err: error }, 'could not list social sign-in providers');
    return [];
  }
}
