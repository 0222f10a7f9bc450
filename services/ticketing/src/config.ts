import { z } from 'zod';
import { keySetting, loadConfig } from '@kassa/platform/config';
import { CALLER_KEY_SETTINGS } from '@kassa/platform/grpc';
import { localAddress, localDefaults } from '@kassa/platform/topology';

export const TICKETING_DEFAULTS = localDefaults('ticketing');

export function loadTicketingConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(
    'ticketing',
    TICKETING_DEFAULTS,
    {
      /**
       * KASSA_CALLER_SECRET and KASSA_CALLER_VERIFIERS (KASSA_CALLER_KEY in development): the credential of every gRPC
       * call made and accepted.
       */
      ...CALLER_KEY_SETTINGS,
      /** host:port of identity, asked to authorise every organiser and scanner call. */
      IDENTITY_GRPC_ADDRESS: z.string().min(3).default(localAddress('identity')),
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
