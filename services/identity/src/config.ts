import { z } from 'zod';
import { loadConfig } from '@kassa/platform/config';
import { oidcProvidersVariable } from './oidc/oidc-provider-settings';

export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig('identity', { database: 'identity', grpcPort: 50051, httpPort: 9101 }, {
    /** base64url of 32 random bytes, shared with notifications; seals codes in events and keys their stored HMAC. */
    KASSA_SEALING_KEY: z.string().min(43, 'must be base64url of 32 bytes'),
    /** Social sign-in providers (JSON array, see oidc/oidc-provider-settings.ts); none when unset. Secrets come from the variables it names. */
    OIDC_PROVIDERS: oidcProvidersVariable(env).optional(),
  }, env);
}
export type IdentityConfig = ReturnType<typeof loadIdentityConfig>;
