// The TicketKeys port on PostgreSQL. A key pair is made on first need with "insert … on conflict do nothing, then
// read": two replicas issuing the organisation's first tickets at once both insert, one wins, and both sign with
// the winner's key. Private keys are sealed with KASSA_SEALING_KEY; opened ones are kept in memory (they never
// change: a rotation would retire the key and make a new one, and a process restart picks that up).
import type { KeyObject } from 'node:crypto';
import { newId } from '@kassa/platform/ids';
import { openString, sealString } from '@kassa/platform/crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PublicTicketKey, TicketKeys, TicketSigner } from '../application/ticket-keys';
import {
  exportPrivateKey,
  exportRawPublicKey,
  generateTicketKeyPair,
  importPrivateKey,
  importRawPublicKey,
  signTicketCode,
} from '../domain/ticket-code';
import { type SigningKeyRow, SigningKeyEntity } from './signing-key.entity';

/** What is sealed: the key with the row it belongs to, so that a sealed value moved to another row does not open. */
interface SealedKey {
  keyId: string;
  organisationId: string;
  pkcs8: string;
}

export function createTicketKeyStore(
  orm: MikroORM,
  sealingKey: Buffer,
  now: () => Date = () => new Date(),
): TicketKeys {
  const signers = new Map<string, Promise<TicketSigner>>();
  const publicKeys = new Map<string, PublicTicketKey>();
  /** Per organisation, its keys as last read (verifierFor): a scan whose code names one of them reads none. */
  const knownKeys = new Map<string, Map<string, PublicTicketKey>>();

  function publicKeyOf(row: Pick<SigningKeyRow, 'id' | 'publicKey'>): PublicTicketKey {
    let known = publicKeys.get(row.id);
    if (!known) {
      known = { keyId: row.id, publicKey: row.publicKey, key: importRawPublicKey(row.publicKey) };
      publicKeys.set(row.id, known);
    }
    return known;
  }

  function openPrivateKey(row: SigningKeyRow): KeyObject {
    const sealed = JSON.parse(openString(sealingKey, row.sealedPrivateKey)) as SealedKey;
    if (sealed.keyId !== row.id || sealed.organisationId !== row.organisationId)
      throw new Error(`Signing key ${row.id} is sealed for another key`);
    return importPrivateKey(sealed.pkcs8);
  }

  async function activeKey(organisationId: string): Promise<SigningKeyRow | null> {
    return orm.em.fork().findOne(SigningKeyEntity, { organisationId, retiredAt: null });
  }

  async function createKey(organisationId: string): Promise<void> {
    const { publicKey, privateKey } = generateTicketKeyPair();
    const keyId = newId('key');
    const sealed: SealedKey = { keyId, organisationId, pkcs8: exportPrivateKey(privateKey) };
    await orm.em
      .fork()
      .getConnection()
      .execute(
        `insert into signing_key (id, organisation_id, public_key, sealed_private_key, created_at) values (?, ?, ?, ?, ?)
       on conflict (organisation_id) where retired_at is null do nothing`,
        [keyId, organisationId, exportRawPublicKey(publicKey), sealString(sealingKey, JSON.stringify(sealed)), now()],
      );
  }

  async function loadSigner(organisationId: string): Promise<TicketSigner> {
    let row = await activeKey(organisationId);
    if (!row) {
      await createKey(organisationId);
      row = await activeKey(organisationId);
      if (!row) throw new Error(`No signing key for ${organisationId} after creating one`);
    }
    const privateKey = openPrivateKey(row);
    const keyId = row.id;
    return { keyId, sign: (fields) => signTicketCode({ ...fields, keyId }, privateKey) };
  }

  async function publicKeysOf(organisationId: string): Promise<PublicTicketKey[]> {
    const rows = await orm.em
      .fork()
      .find(SigningKeyEntity, { organisationId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return rows.map(publicKeyOf);
  }

  return {
    publicKeysOf,
    async verifierFor(organisationId, keyIds = []) {
      let keys = knownKeys.get(organisationId);
      if (!keys || keyIds.length === 0 || keyIds.some((keyId) => !keys!.has(keyId))) {
        keys = new Map((await publicKeysOf(organisationId)).map((key) => [key.keyId, key]));
        knownKeys.set(organisationId, keys);
      }
      const known = keys;
      return (keyId) => known.get(keyId)?.key;
    },
    signerFor(organisationId) {
      let signer = signers.get(organisationId);
      if (!signer) {
        signer = loadSigner(organisationId);
        // A failure (database down) is not remembered: the next call tries again.
        signer.catch(() => signers.delete(organisationId));
        signers.set(organisationId, signer);
      }
      return signer;
    },
  };
}
