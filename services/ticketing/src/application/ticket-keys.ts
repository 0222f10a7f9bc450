// Not a use case: the port through which use cases sign codes and read an organisation's public keys.
import type { KeyObject } from 'node:crypto';
import type { TicketCodeFields } from '../domain/ticket-code';

/** A key that verifies an organisation's codes. */
export interface PublicTicketKey {
  /** "key_…", as codes name it. */
  keyId: string;
  /** The raw 32-byte Ed25519 public key, base64url (VerificationKey.public_key of the offline kit). */
  publicKey: string;
  /** The same key, ready for verifyTicketCode. */
  key: KeyObject;
}

/** Signs codes with an organisation's current key. */
export interface TicketSigner {
  keyId: string;
  /** signTicketCode with this signer's key id and private key. */
  sign(fields: Omit<TicketCodeFields, 'keyId'>): string;
}

/**
 * The organisations' ticket keys (one Ed25519 pair per organisation, made on first need). Issuing signs with
 * `signerFor`; the scanner verifies online and builds the offline kit with `publicKeysOf`.
 */
export interface TicketKeys {
  /** Every key that verifies the organisation's codes, oldest first; [] while it has none (nothing was issued). */
  publicKeysOf(organisationId: string): Promise<PublicTicketKey[]>;
  /**
   * A `(keyId) => KeyObject | undefined` lookup over publicKeysOf, for verifyTicketCode. Keys are never changed or
   * deleted, so the keys read once are kept: given the key ids the codes at hand name (`keyIds`), the keys are read
   * again only when one of them is not known yet (a key made since, or a forged id); without `keyIds`, always.
   */
  verifierFor(organisationId: string, keyIds?: readonly string[]): Promise<(keyId: string) => KeyObject | undefined>;
  /** The organisation's signer; creates its key pair when it has none (safe under races between replicas). */
  signerFor(organisationId: string): Promise<TicketSigner>;
}
