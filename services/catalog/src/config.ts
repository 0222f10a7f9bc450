import { z } from 'zod';
import { loadConfig } from '@kassa/platform/config';
import { CALLER_KEY_SETTINGS } from '@kassa/platform/grpc';
import { localAddress, localDefaults } from '@kassa/platform/topology';

export const CATALOG_DEFAULTS = localDefaults('catalog');

export function loadCatalogConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(
    'catalog',
    CATALOG_DEFAULTS,
    {
      /**
       * KASSA_CALLER_SECRET and KASSA_CALLER_VERIFIERS (KASSA_CALLER_KEY in development): the credential of every gRPC
       * call made and accepted.
       */
      ...CALLER_KEY_SETTINGS,
      /** host:port of identity, asked to authorise every organiser call. */
      IDENTITY_GRPC_ADDRESS: z.string().min(3).default(localAddress('identity')),
      /** base64url of 32 bytes, shared with identity and ordering; shop access tokens are signed with a key derived from it. */
      KASSA_SEALING_KEY: z.string().min(43, 'must be base64url of 32 bytes'),
    },
    env,
  );
}
export type CatalogConfig = ReturnType<typeof loadCatalogConfig>;
