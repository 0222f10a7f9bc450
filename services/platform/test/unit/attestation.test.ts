import { randomBytes } from 'node:crypto';
import { attest, readAttestation } from '../../src/grpc/attestation';
import { callerKeyFromRoot, verifiersFromRoot } from '../../src/grpc/caller-credential';

describe('attestations (a statement one workload signs for another, carried unchanged by a third)', () => {
  const root = randomBytes(32);
  const ordering = callerKeyFromRoot(root, 'ordering');
  const bff = callerKeyFromRoot(root, 'bff');
  const atPayments = verifiersFromRoot(root, 'payments');
  const atTicketing = verifiersFromRoot(root, 'ticketing');
  const payload = Buffer.from('order ord_1 costs 4250 EUR');
  const now = Date.UTC(2026, 10, 30, 12, 0, 0);
  const read = (token: string, options: { signer?: 'ordering' | 'bff'; purpose?: string; at?: number } = {}) =>
    readAttestation(
      atPayments,
      options.signer ?? 'ordering',
      options.purpose ?? 'payable-order',
      token,
      60,
      options.at ?? now,
    );

  it('gives the reader the payload its signer attested, within the age it accepts', () => {
    const token = attest(ordering, 'payments', 'payable-order', payload, now);
    expect(Buffer.from(read(token)!).toString()).toBe(payload.toString());
    expect(read(token, { at: now + 60_000 })).toBeDefined();
    expect(read(token, { at: now + 61_000 })).toBeUndefined();
    // A statement dated ahead of the reader's clock by more than the age is no better than an old one.
    expect(read(attest(ordering, 'payments', 'payable-order', payload, now + 61_000))).toBeUndefined();
  });

  it('is believed from its signer only, for its purpose only, by its reader only', () => {
    const token = attest(ordering, 'payments', 'payable-order', payload, now);
    // The BFF shares a key with payments too: what it signs never passes for ordering's word.
    expect(read(attest(bff, 'payments', 'payable-order', payload, now))).toBeUndefined();
    expect(read(token.replace('a1.ordering.', 'a1.bff.'), { signer: 'bff' })).toBeUndefined();
    expect(read(token, { purpose: 'refund' })).toBeUndefined();
    expect(readAttestation(atTicketing, 'ordering', 'payable-order', token, 60, now)).toBeUndefined();
    // Another root (another installation) cannot make one either.
    const stranger = callerKeyFromRoot(randomBytes(32), 'ordering');
    expect(read(attest(stranger, 'payments', 'payable-order', payload, now))).toBeUndefined();
  });

  it('refuses any change to the payload, the time or the tag, and anything malformed', () => {
    const token = attest(ordering, 'payments', 'payable-order', payload, now);
    const [version, signer, issuedAt, body, tag] = token.split('.');
    const otherBody = Buffer.from('order ord_1 costs 1 EUR').toString('base64url');
    const flipped = (text: string) => `${text.slice(0, -2)}${text.at(-2) === 'A' ? 'B' : 'A'}${text.at(-1)}`;
    for (const forged of [
      [version, signer, issuedAt, otherBody, tag],
      [version, signer, String(Number(issuedAt) + 1), body, tag],
      [version, signer, issuedAt, body, flipped(tag!)],
      [version, signer, issuedAt, flipped(body!), tag],
      ['a2', signer, issuedAt, body, tag],
    ]) {
      expect(read(forged.join('.'))).toBeUndefined();
    }
    for (const malformed of ['', 'a1', `${token}.x`, token.slice(0, -1), `${token} `, 'a1.ordering.1.2.3']) {
      expect(read(malformed)).toBeUndefined();
    }
  });
});
