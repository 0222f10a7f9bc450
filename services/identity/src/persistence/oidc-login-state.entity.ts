import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * One started social sign-in, redeemable once within 10 minutes. The PKCE verifier is sealed (AES-GCM)
 * because the token exchange needs it back; the nonce is compared with the id_token's and is no secret.
 */
export const OidcLoginStateEntity = defineEntity({
  name: 'OidcLoginState',
  tableName: 'oidc_login_states',
  properties: (p) => ({
    id: p.string().primary(),
    provider: p.string(),
    sealedCodeVerifier: p.string(),
    nonce: p.string(),
    redirectUri: p.string(),
    locale: p.string(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    consumedAt: p.datetime().nullable(),
  }),
});
export type OidcLoginState = InferEntity<typeof OidcLoginStateEntity>;
