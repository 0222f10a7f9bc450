// Not a use case: the port through which social sign-in talks to an OpenID Connect provider, and its refusals.
import type { ProviderIdentity } from '../domain/social-sign-in-policy';

/** What the browser is sent to the provider with; every value is fresh per sign-in. */
export interface AuthorizationRequest {
  /** The OAuth "state": our login state id, checked by the BFF against its cookie. */
  state: string;
  /** Bound into the id_token by the provider, so a token minted for another sign-in is refused. */
  nonce: string;
  /** base64url(SHA-256(code verifier)); the verifier itself never leaves identity. */
  codeChallenge: string;
  redirectUri: string;
  locale: string;
}

/** The provider's answer to redeem, with what only identity knows about the sign-in. */
export interface Redemption {
  code: string;
  codeVerifier: string;
  redirectUri: string;
  nonce: string;
}

/**
 * An OpenID Connect provider. The application layer knows only this; src/oidc holds the implementation
 * (discovery, token endpoint, id_token verification), so a provider with quirks gets its own class.
 */
export interface OidcProvider {
  readonly id: string;
  readonly name: string;
  /** The provider's authorization URL for this sign-in. Throws ProviderUnavailableError when the provider cannot be reached. */
  authorizationUrl(request: AuthorizationRequest): Promise<string>;
  /**
   * Exchanges the code and verifies the id_token (signature, issuer, audience, expiry, nonce).
   * Throws OidcRefusedError when the provider or its token says no, ProviderUnavailableError when it cannot be reached.
   */
  redeem(redemption: Redemption): Promise<ProviderIdentity>;
}

/** The configured providers, in configuration order. */
export interface OidcProviderDirectory {
  list(): readonly OidcProvider[];
  get(id: string): OidcProvider | undefined;
}

export type OidcRefusal =
  'exchange-refused' | 'id-token-invalid' | 'nonce-mismatch' | 'audience-mismatch' | 'claims-missing';

/** The provider, or the token it issued, did not establish who the person is. */
export class OidcRefusedError extends Error {
  constructor(
    readonly reason: OidcRefusal,
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'OidcRefusedError';
  }
}

/**
 * The provider could not be reached or answered nonsense. Shaped like a downstream gRPC failure
 * (code 14 = UNAVAILABLE, details) so that the platform's error mapping passes it on as UNAVAILABLE.
 */
export class ProviderUnavailableError extends Error {
  readonly code = 14;
  readonly details = 'The identity provider is unavailable. Please try again later.';

  constructor(
    readonly providerId: string,
    cause: unknown,
  ) {
    super(`identity provider ${providerId} unavailable`, { cause });
    this.name = 'ProviderUnavailableError';
  }
}
