import { z } from 'zod';
import { loadConfig } from '@kassa/platform/config';
import { CALLER_KEY_SETTINGS } from '@kassa/platform/grpc';

export const CATALOG_DEFAULTS = { database: 'catalog', grpcPort: 50052, httpPort: 9102 } as const;

export function loadCatalogConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(
    'catalog',
    CATALOG_DEFAULTS,
    {
      /** KASSA_CALLER_SECRET and KASSA_CALLER_VERIFIERS (KASSA_CALLER_KEY in development): the credential of every gRPC call made and accepted. */
      ...CALLER_KEY_SETTINGS,
      /** host:port of identity, asked to authorise every organiser call. */
      IDENTITY_GRPC_ADDRESS: z.string().min(3).default('127.0.0.1:50051'),
      /** base64url of 32 bytes, shared with identity and ordering; shop access tokens are signed with a key derived from it. */
      KASSA_SEALING_KEY: z.string().min(43, 'must be base64url of 32 bytes'),
    },
    env,
  );
}
export type CatalogConfig = ReturnType<typeof loadCatalogConfig>;
