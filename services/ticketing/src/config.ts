import { z } from 'zod';
import { keySetting, loadConfig } from '@kassa/platform/config';
import { CALLER_KEY_SETTINGS } from '@kassa/platform/grpc';

export const TICKETING_DEFAULTS = { database: 'ticketing', grpcPort: 50055, httpPort: 9105 } as const;

export function loadTicketingConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(
    'ticketing',
    TICKETING_DEFAULTS,
    {
      /** KASSA_CALLER_SECRET and KASSA_CALLER_VERIFIERS (KASSA_CALLER_KEY in development): the credential of every gRPC call made and accepted. */
      ...CALLER_KEY_SETTINGS,
      /** host:port of identity, asked to authorise every organiser and scanner call. */
      IDENTITY_GRPC_ADDRESS: z.string().min(3).default('127.0.0.1:50051'),
      /**
       * base64url of 32 bytes (the platform's shared secret): the organisations' private signing keys are stored
       * sealed with it, so a copy of the database alone cannot forge tickets.
       */
      KASSA_SEALING_KEY: keySetting,
    },
    env,
  );
}
export type TicketingConfig = ReturnType<typeof loadTicketingConfig>;
