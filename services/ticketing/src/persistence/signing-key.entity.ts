import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * An organisation's Ed25519 key pair for ticket codes ("key_…"). The private key (PKCS#8) is sealed with
 * KASSA_SEALING_KEY together with the key's own id and organisation, so a sealed value copied onto another row does
 * not open (see ticket-key.store.ts). Written only through the store: insert … on conflict do nothing, then read.
 */
export const SigningKeyEntity = defineEntity({
  name: 'SigningKey',
  tableName: 'signing_key',
  properties: (p) => ({
    id: p.string().primary(),
    organisationId: p.string(),
    /** The raw 32-byte public key, base64url. */
    publicKey: p.string(),
    sealedPrivateKey: p.string(),
    createdAt: p.datetime(),
    /** Set when a newer key took over signing; a retired key still verifies what it signed. */
    retiredAt: p.datetime().nullable(),
  }),
});
export type SigningKeyRow = InferEntity<typeof SigningKeyEntity>;
