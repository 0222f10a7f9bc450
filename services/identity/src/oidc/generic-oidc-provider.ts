import { type JWTPayload, type JWTVerifyGetKey, createRemoteJWKSet, jwtVerify } from 'jose';
import type { ProviderIdentity } from '../domain/social-sign-in-policy';
import {
  type AuthorizationRequest,
  type OidcProvider,
  OidcRefusedError,
  ProviderUnavailableError,
  type Redemption,
} from '../application/oidc-provider.port';
import { type OidcProviderSettings, isAcceptableProviderUrl } from './oidc-provider-settings';

/** The parts of the discovery document we use (OpenID Connect Discovery 1.0, §3). */
interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  id_token_signing_alg_values_supported?: string[];
  token_endpoint_auth_methods_supported?: string[];
  code_challenge_methods_supported?: string[];
}

export interface GenericOidcProviderOptions {
  /** How long a discovery document is trusted before it is read again. */
  discoveryTtlMs?: number;
  /** Per call to the provider. */
  timeoutMs?: number;
  now?: () => Date;
}

/** Allowed leeway for exp/iat between our clock and the provider's. */
const CLOCK_TOLERANCE_SECONDS = 60;
const ASYMMETRIC_ALGORITHMS = new Set([
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
]);

/**
 * Any standards-following OpenID Connect provider: discovery, the authorization-code flow with PKCE (S256),
 * nonce and state, the token exchange, and id_token verification against the provider's JWKS.
 */
export class GenericOidcProvider implements OidcProvider {
  readonly id: string;
  readonly name: string;
  private discovery?: { document: Discovery; jwks: JWTVerifyGetKey; readAt: number };
  private readonly discoveryTtlMs: number;
  private readonly timeoutMs: number;
  private readonly now: () => Date;

  constructor(
    private readonly settings: OidcProviderSettings,
    options: GenericOidcProviderOptions = {},
  ) {
    this.id = settings.id;
    this.name = settings.name;
    this.discoveryTtlMs = options.discoveryTtlMs ?? 60 * 60 * 1000;
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.now = options.now ?? (() => new Date());
  }

  async authorizationUrl(request: AuthorizationRequest): Promise<string> {
    const { document } = await this.discover();
    const url = new URL(document.authorization_endpoint);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.settings.clientId);
    url.searchParams.set('redirect_uri', request.redirectUri);
    url.searchParams.set('scope', this.settings.scopes.join(' '));
    url.searchParams.set('state', request.state);
    url.searchParams.set('nonce', request.nonce);
    url.searchParams.set('code_challenge', request.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
    url.searchParams.set('ui_locales', request.locale);
    return url.toString();
  }

  async redeem(redemption: Redemption): Promise<ProviderIdentity> {
    const { document, jwks } = await this.discover();
    const idToken = await this.exchange(document, redemption);

    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, jwks, {
        issuer: document.issuer,
        audience: this.settings.clientId,
        algorithms: this.algorithms(document),
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: this.now(),
      }));
    } catch (error) {
      if (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_JWKS_TIMEOUT')) {
        throw new ProviderUnavailableError(this.id, error);
      }
      throw new OidcRefusedError('id-token-invalid', error instanceof Error ? error.message : undefined);
    }
    if (payload.nonce !== redemption.nonce) throw new OidcRefusedError('nonce-mismatch');
    // OIDC Core §3.1.3.7: with several audiences, the authorized party must be us.
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== this.settings.clientId) {
      throw new OidcRefusedError('audience-mismatch');
    }
    if (typeof payload.sub !== 'string' || payload.sub === '' || payload.sub.length > 255)
      throw new OidcRefusedError('claims-missing', 'sub');

    const email = typeof payload.email === 'string' ? payload.email : undefined;
    const name = typeof payload.name === 'string' ? payload.name : undefined;
    // Some providers send the boolean as a string; anything else is "not verified".
    const emailVerified = payload.email_verified === true || payload.email_verified === 'true';
    return { subject: payload.sub, email, emailVerified, name };
  }

  private async exchange(document: Discovery, redemption: Redemption): Promise<string> {
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code: redemption.code,
      redirect_uri: redemption.redirectUri,
      code_verifier: redemption.codeVerifier,
    });
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    const { clientId, clientSecret } = this.settings;
    if (clientSecret && this.usesBasicAuth(document)) {
      // RFC 6749 §2.3.1: both parts form-urlencoded before base64.
      headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`;
    } else {
      body.set('client_id', clientId);
      if (clientSecret) body.set('client_secret', clientSecret);
    }

    let response: Response;
    try {
      response = await fetch(document.token_endpoint, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      throw new ProviderUnavailableError(this.id, error);
    }
    if (response.status >= 500)
      throw new ProviderUnavailableError(this.id, new Error(`token endpoint answered ${response.status}`));
    const answer = (await response.json().catch(() => null)) as { id_token?: unknown; error?: unknown } | null;
    if (!response.ok)
      throw new OidcRefusedError(
        'exchange-refused',
        typeof answer?.error === 'string' ? answer.error : String(response.status),
      );
    if (typeof answer?.id_token !== 'string') throw new OidcRefusedError('claims-missing', 'id_token');
    return answer.id_token;
  }

  /** client_secret_basic is the default when the provider states nothing (OIDC Discovery §3). */
  private usesBasicAuth(document: Discovery): boolean {
    const methods = document.token_endpoint_auth_methods_supported;
    return !methods || methods.includes('client_secret_basic') || !methods.includes('client_secret_post');
  }

  /** Only asymmetric algorithms the provider announces; RS256 when it announces none (the OIDC default). */
  private algorithms(document: Discovery): string[] {
    const announced = (document.id_token_signing_alg_values_supported ?? ['RS256']).filter((alg) =>
      ASYMMETRIC_ALGORITHMS.has(alg),
    );
    return announced.length > 0 ? announced : ['RS256'];
  }

  private async discover(): Promise<{ document: Discovery; jwks: JWTVerifyGetKey }> {
    const cached = this.discovery;
    if (cached && this.now().getTime() - cached.readAt < this.discoveryTtlMs) return cached;

    const base = this.settings.issuer.replace(/\/+$/, '');
    let document: Discovery;
    try {
      const response = await fetch(`${base}/.well-known/openid-configuration`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      document = (await response.json()) as Discovery;
    } catch (error) {
      throw new ProviderUnavailableError(this.id, error);
    }
    // Discovery §4.3: the document must name exactly the issuer we asked; otherwise it speaks for someone else.
    const endpoints = [document.authorization_endpoint, document.token_endpoint, document.jwks_uri];
    if (
      document.issuer !== this.settings.issuer ||
      !endpoints.every((value) => typeof value === 'string' && isAcceptableProviderUrl(value))
    ) {
      throw new ProviderUnavailableError(this.id, new Error('discovery document does not match the configured issuer'));
    }
    if (document.code_challenge_methods_supported && !document.code_challenge_methods_supported.includes('S256')) {
      throw new ProviderUnavailableError(this.id, new Error('provider does not support PKCE S256'));
    }
    const jwks = createRemoteJWKSet(new URL(document.jwks_uri), { timeoutDuration: this.timeoutMs });
    this.discovery = { document, jwks, readAt: this.now().getTime() };
    return this.discovery;
  }
}

/** The directory of configured providers the application layer reads. */
export function createOidcProviderDirectory(
  settings: readonly OidcProviderSettings[],
  options: GenericOidcProviderOptions = {},
) {
  const providers = settings.map((entry) => new GenericOidcProvider(entry, options));
  const byId = new Map(providers.map((provider) => [provider.id, provider]));
  return { list: () => providers, get: (id: string) => byId.get(id) };
}
