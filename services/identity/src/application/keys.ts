// Not a use case: the keys identity derives from its one configured secret.
import { hkdfSync } from 'node:crypto';
import type { IdentityKeys } from './identity-context';

/** Separate keys for separate purposes, derived from the one configured secret. */
export function deriveIdentityKeys(sealingKey: Buffer): IdentityKeys {
  const codeHmac = Buffer.from(hkdfSync('sha256', sealingKey, Buffer.alloc(0), 'kassa identity sign-in code hmac', 32));
  return { sealing: sealingKey, codeHmac };
}
