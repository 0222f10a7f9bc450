// Not a use case: what the social sign-in use cases are given besides identity's context, and the key their login
// state is sealed with.
import { hkdfSync } from 'node:crypto';
import type { IdentityContext } from './identity-context';
import type { OidcProviderDirectory } from './oidc-provider.port';

/** What the social sign-in use cases need beyond the rest of identity. */
export interface SocialSignInContext extends IdentityContext {
  providers: OidcProviderDirectory;
  /** Seals PKCE verifiers at rest; derived from the sealing key so that one secret serves every purpose. */
  loginStateKey: Buffer;
  randomBytes(size: number): Buffer;
}

export function deriveLoginStateKey(sealingKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', sealingKey, Buffer.alloc(0), 'kassa identity oidc login state', 32));
}
