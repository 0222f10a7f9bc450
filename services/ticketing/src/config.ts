import { z } from 'zod';
import { loadConfig } from '@kassa/platform/config';
import { parseKey } from '@kassa/platform/crypto';

export const TICKETING_DEFAULTS = { database: 'ticketing', grpcPort: 50055, httpPort: 9105 } as const;

const sealingKey = z.string().refine((value) => {
  try {
    parseKey(value);
    return true;
  } catch {
    return false;
  }
}, 'must be base64url of 32 bytes');

export function loadTicketingConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig('ticketing', TICKETING_DEFAULTS, {
    /** host:port of identity, asked to authorise every organiser and scanner call. */
    IDENTITY_GRPC_ADDRESS: z.string().min(3).default('127.0.0.1:50051'),
    /**
     * base64url of 32 bytes (the platform's shared secret): the organisations' private signing keys are stored
     * sealed with it, so a copy of the database alone cannot forge tickets.
     */
    KASSA_SEALING_KEY: sealingKey,
  }, env);
}
export type TicketingConfig = ReturnType<typeof loadTicketingConfig>;
