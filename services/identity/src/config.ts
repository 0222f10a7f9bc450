import { z } from 'zod';
import { loadConfig } from '@kassa/platform/config';
import { CALLER_KEY_SETTINGS } from '@kassa/platform/grpc';
import { oidcProvidersVariable } from './oidc/oidc-provider-settings';
import { localDefaults } from '@kassa/platform/topology';

export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(
    'identity',
    localDefaults('identity'),
    {
      /**
       * KASSA_CALLER_SECRET and KASSA_CALLER_VERIFIERS (KASSA_CALLER_KEY in development): the credential of every gRPC
       * call made and accepted.
       */
      ...CALLER_KEY_SETTINGS,
      /** base64url of 32 random bytes, shared with notifications; seals codes in events and keys their stored HMAC. */
      KASSA_SEALING_KEY: z.string().min(43, 'must be base64url of 32 bytes'),
      /**
       * Social sign-in providers (JSON array, see oidc/oidc-provider-settings.ts); none when unset. Secrets come from
       * the variables it names.
       */
      OIDC_PROVIDERS: oidcProvidersVariable(env).optional(),
      /** Sign-in codes one client address may ask for per 15 minutes. Tests, whose browsers all come from 127.0.0.1, raise it. */
      SIGNIN_SEND_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(30),
    },
    env,
  );
}
export type IdentityConfig = ReturnType<typeof loadIdentityConfig>;
