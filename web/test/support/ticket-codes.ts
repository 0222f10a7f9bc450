// Real ticket codes for the scanner's tests, made the way ticketing makes them (STEP6): an Ed25519 key pair per
// organisation, "KT1.<keyId>.<payload>.<signature>" with the payload base64url(JSON {t, e, s}).
import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { OfflineKitView, OfflineTicketView } from '../../src/lib/scan-model';

export interface TestKey {
  keyId: string;
  privateKey: KeyObject;
  /** Raw 32 bytes, base64url, as the offline kit carries it. */
  publicKey: string;
}

/** A fresh key id of ticketing's shape: "key_" and a lower-case ULID (the shared scan rules refuse anything else). */
export function newKeyId(): string {
  const ulidCharacters = '0123456789abcdefghjkmnpqrstvwxyz';
  return `key_${Array.from(randomBytes(26), (byte) => ulidCharacters[byte % ulidCharacters.length]).join('')}`;
}

export function makeKey(keyId = newKeyId()): TestKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  // The raw key is the last 32 bytes of its SPKI encoding.
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  return { keyId, privateKey, publicKey: Buffer.from(raw).toString('base64url') };
}

export function makeCode(
  key: TestKey,
  ticketId: string,
  eventIds: string[],
  seed = randomBytes(9).toString('base64url'),
): string {
  const payload = Buffer.from(JSON.stringify({ t: ticketId, e: eventIds, s: seed })).toString('base64url');
  const signed = `KT1.${key.keyId}.${payload}`;
  return `${signed}.${sign(null, Buffer.from(signed, 'ascii'), key.privateKey).toString('base64url')}`;
}

export function offlineTicket(
  overrides: Partial<OfflineTicketView> & Pick<OfflineTicketView, 'id' | 'reference'>,
): OfflineTicketView {
  return { status: 'created', itemName: 'Weekend pass', checkedInAt: '', checkedInByDevice: '', ...overrides };
}

export function makeKit(
  eventId: string,
  keys: TestKey[],
  tickets: OfflineTicketView[],
  revokedTicketIds: string[] = [],
): OfflineKitView {
  return {
    eventId,
    keys: keys.map(({ keyId, publicKey }) => ({ keyId, publicKey })),
    tickets,
    revokedTicketIds,
    generatedAt: '2031-07-01T18:00:00.000Z',
    counts: { checkedIn: tickets.filter((ticket) => ticket.checkedInAt).length, sold: tickets.length },
    nextPageToken: '',
  };
}
