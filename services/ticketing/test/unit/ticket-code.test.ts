import fc from 'fast-check';
import { createSecretKey, type KeyObject } from 'node:crypto';
import { isSignedCodeKeyId, readScanInput, SCAN_INPUT_MAX_LENGTH, splitSignedCode } from '@kassa/contracts/scan-input';
import { isId, newId } from '@kassa/platform/ids';
import {
  exportPrivateKey,
  exportRawPublicKey,
  generateTicketKeyPair,
  grantsEvent,
  importPrivateKey,
  importRawPublicKey,
  isRevoked,
  newTicketSeed,
  parseTicketCode,
  signTicketCode,
  verifyTicketCode,
} from '../../src/domain/ticket-code';

const ULID_CHARS = '0123456789abcdefghjkmnpqrstvwxyz'.split('');
const BASE64URL_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split('');
const ulid = fc.array(fc.constantFrom(...ULID_CHARS), { minLength: 26, maxLength: 26 }).map((chars) => chars.join(''));
const idOf = (prefix: string) => ulid.map((body) => `${prefix}_${body}`);
const seed = fc.uint8Array({ minLength: 9, maxLength: 9 }).map((bytes) => Buffer.from(bytes).toString('base64url'));
const fields = fc.record({
  keyId: idOf('key'),
  ticketId: idOf('tkt'),
  eventIds: fc.uniqueArray(idOf('evt'), { minLength: 1, maxLength: 5 }),
  seed,
});

const pairA = generateTicketKeyPair();
const pairB = generateTicketKeyPair();
const only = (keyId: string, key: KeyObject) => (asked: string) => (asked === keyId ? key : undefined);

describe('signed ticket codes', () => {
  it('verifies what it signed and gives back exactly the signed fields', () => {
    fc.assert(
      fc.property(fields, (signed) => {
        const code = signTicketCode(signed, pairA.privateKey);
        expect(code.startsWith(`KT1.${signed.keyId}.`)).toBe(true);
        expect(code.split('.')).toHaveLength(4);
        expect(verifyTicketCode(code, only(signed.keyId, pairA.publicKey))).toEqual(signed);
        expect(parseTicketCode(code)).toMatchObject(signed);
      }),
      { numRuns: 200 },
    );
  });

  it('carries the payload and signature of the format: base64url JSON {t, e, s} and an Ed25519 signature of the first three parts', () => {
    const signed = {
      keyId: 'key_01jz0000000000000000000000',
      ticketId: 'tkt_01jz0000000000000000000001',
      eventIds: ['evt_01jz0000000000000000000002'],
      seed: 'AAECAwQFBgcI',
    };
    const code = signTicketCode(signed, pairA.privateKey);
    const [version, keyId, payload, signature] = code.split('.');
    expect(version).toBe('KT1');
    expect(keyId).toBe(signed.keyId);
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'))).toEqual({
      t: signed.ticketId,
      e: signed.eventIds,
      s: signed.seed,
    });
    expect(Buffer.from(signature!, 'base64url')).toHaveLength(64);
  });

  it('rejects any single-character change to the payload or the signature (and anywhere else)', () => {
    fc.assert(
      fc.property(fields, fc.nat(), fc.constantFrom(...BASE64URL_CHARS, '.'), (signed, at, replacement) => {
        const code = signTicketCode(signed, pairA.privateKey);
        const index = at % code.length;
        fc.pre(code[index] !== replacement);
        const tampered = code.slice(0, index) + replacement + code.slice(index + 1);
        expect(verifyTicketCode(tampered, only(signed.keyId, pairA.publicKey))).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it('rejects every single-character change of the last signature character too (no unused bits to play with)', () => {
    const signed = {
      keyId: 'key_01jz0000000000000000000000',
      ticketId: 'tkt_01jz0000000000000000000001',
      eventIds: ['evt_01jz0000000000000000000002'],
      seed: newTicketSeed(),
    };
    const code = signTicketCode(signed, pairA.privateKey);
    const last = code.length - 1;
    for (const replacement of BASE64URL_CHARS.filter((char) => char !== code[last])) {
      expect(verifyTicketCode(code.slice(0, last) + replacement, only(signed.keyId, pairA.publicKey))).toBeNull();
    }
  });

  it('rejects a code under another key, and a key id nobody knows', () => {
    fc.assert(
      fc.property(fields, (signed) => {
        const code = signTicketCode(signed, pairA.privateKey);
        expect(verifyTicketCode(code, only(signed.keyId, pairB.publicKey))).toBeNull();
        expect(verifyTicketCode(code, () => undefined)).toBeNull();
      }),
      { numRuns: 50 },
    );
  });

  it('refuses a valid code of a revoked ticket by the revocation check, and tells which events it admits to', () => {
    const signed = {
      keyId: 'key_01jz0000000000000000000000',
      ticketId: 'tkt_01jz0000000000000000000001',
      eventIds: ['evt_01jz0000000000000000000002', 'evt_01jz0000000000000000000003'],
      seed: newTicketSeed(),
    };
    const verified = verifyTicketCode(signTicketCode(signed, pairA.privateKey), only(signed.keyId, pairA.publicKey))!;
    expect(verified).not.toBeNull();
    expect(isRevoked(verified, new Set([signed.ticketId]))).toBe(true);
    expect(isRevoked(verified, new Set(['tkt_01jz0000000000000000000009']))).toBe(false);
    expect(isRevoked(verified, (ticketId) => ticketId === signed.ticketId)).toBe(true);
    expect(grantsEvent(verified, 'evt_01jz0000000000000000000003')).toBe(true);
    expect(grantsEvent(verified, 'evt_01jz0000000000000000000004')).toBe(false);
  });

  it('makes a new code for a new seed, so a re-issued ticket has a code that differs from the old one', () => {
    const base = {
      keyId: 'key_01jz0000000000000000000000',
      ticketId: 'tkt_01jz0000000000000000000001',
      eventIds: ['evt_01jz0000000000000000000002'],
    };
    const first = signTicketCode({ ...base, seed: newTicketSeed() }, pairA.privateKey);
    const second = signTicketCode({ ...base, seed: newTicketSeed() }, pairA.privateKey);
    expect(first).not.toBe(second);
    expect(verifyTicketCode(first, only(base.keyId, pairA.publicKey))!.seed).not.toBe(
      verifyTicketCode(second, only(base.keyId, pairA.publicKey))!.seed,
    );
    expect(newTicketSeed()).toMatch(/^[A-Za-z0-9_-]{12}$/);
  });

  it('never throws on malformed input, and answers null for it', () => {
    const anyKey = () => pairA.publicKey;
    const parts = fc.array(
      fc.oneof(fc.string(), fc.constantFrom('KT1', 'key_01jz0000000000000000000000', ''), fc.base64String()),
      { minLength: 0, maxLength: 6 },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.string({ unit: 'binary', maxLength: 300 }),
          parts.map((list) => list.join('.')),
        ),
        (input) => {
          expect(() => parseTicketCode(input)).not.toThrow();
          expect(() => verifyTicketCode(input, anyKey)).not.toThrow();
          expect(verifyTicketCode(input, anyKey)).toBeNull();
        },
      ),
      { numRuns: 1000 },
    );
    const payload = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const signature = Buffer.alloc(64, 7).toString('base64url');
    const keyId = 'key_01jz0000000000000000000000';
    for (const value of [
      null,
      [],
      'x',
      12,
      { t: 'tkt_01jz0000000000000000000001', e: [], s: 'AAECAwQFBgcI' },
      { t: 'tkt_01jz0000000000000000000001', e: ['evt_01jz0000000000000000000002'], s: 'short' },
      { t: 'ord_01jz0000000000000000000001', e: ['evt_01jz0000000000000000000002'], s: 'AAECAwQFBgcI' },
      {
        t: 'tkt_01jz0000000000000000000001',
        e: ['evt_01jz0000000000000000000002', 'evt_01jz0000000000000000000002'],
        s: 'AAECAwQFBgcI',
      },
      { t: 'tkt_01jz0000000000000000000001', e: ['evt_01jz0000000000000000000002'], s: 'AAECAwQFBgcI', x: 1 },
    ]) {
      expect(parseTicketCode(`KT1.${keyId}.${payload(value)}.${signature}`)).toBeNull();
    }
    expect(parseTicketCode(`KT1.${keyId}.${Buffer.from('{not json').toString('base64url')}.${signature}`)).toBeNull();
    expect(
      parseTicketCode(
        `KT1.${keyId}.${payload({ t: 'tkt_01jz0000000000000000000001', e: ['evt_01jz0000000000000000000002'], s: 'AAECAwQFBgcI' })}.${signature}`,
      ),
    ).not.toBeNull();
    expect(parseTicketCode('KT1.'.padEnd(5000, 'a'))).toBeNull();
    expect(parseTicketCode(undefined as unknown as string)).toBeNull();
  });

  it('are what the shared scan rules read: the key ids ticketing makes, and codes for an item of many events', () => {
    for (let i = 0; i < 200; i += 1) expect(isSignedCodeKeyId(newId('key'))).toBe(true);
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(...ULID_CHARS, 'i', 'l', 'o', 'u', 'A', '_', '-'),
          minLength: 25,
          maxLength: 27,
        }),
        (tail) => {
          expect(isSignedCodeKeyId(`key_${tail}`)).toBe(isId('key', `key_${tail}`));
        },
      ),
    );
    // A pass for 30 events: longer than the 1,000 characters the browser and the BFF used to allow.
    const eventIds = Array.from({ length: 30 }, () => newId('evt'));
    const code = signTicketCode(
      { keyId: newId('key'), ticketId: newId('tkt'), eventIds, seed: newTicketSeed() },
      pairA.privateKey,
    );
    expect(code.length).toBeGreaterThan(1000);
    expect(code.length).toBeLessThanOrEqual(SCAN_INPUT_MAX_LENGTH);
    expect(readScanInput(code)).toEqual({ kind: 'code', code });
    expect(splitSignedCode(code)?.signedText).toBe(parseTicketCode(code)?.signedPart);
  });

  it('verifies nothing when the lookup gives a key that is not Ed25519', () => {
    const signed = {
      keyId: 'key_01jz0000000000000000000000',
      ticketId: 'tkt_01jz0000000000000000000001',
      eventIds: ['evt_01jz0000000000000000000002'],
      seed: newTicketSeed(),
    };
    const code = signTicketCode(signed, pairA.privateKey);
    expect(verifyTicketCode(code, () => createSecretKey(Buffer.alloc(32)))).toBeNull();
    expect(
      verifyTicketCode(code, () => {
        throw new Error('lookup failed');
      }),
    ).toBeNull();
  });

  it('refuses to sign fields no ticket can have', () => {
    const good = {
      keyId: 'key_01jz0000000000000000000000',
      ticketId: 'tkt_01jz0000000000000000000001',
      eventIds: ['evt_01jz0000000000000000000002'],
      seed: newTicketSeed(),
    };
    for (const bad of [
      { keyId: 'key.1' },
      { ticketId: 'ord_01jz0000000000000000000001' },
      { eventIds: [] },
      { seed: 'x.y' },
    ]) {
      expect(() => signTicketCode({ ...good, ...bad }, pairA.privateKey)).toThrow(/invalid/);
    }
  });

  it('moves keys in their stored forms: the raw 32-byte public key and the PKCS#8 private key', () => {
    const raw = exportRawPublicKey(pairA.publicKey);
    expect(Buffer.from(raw, 'base64url')).toHaveLength(32);
    const signed = {
      keyId: 'key_01jz0000000000000000000000',
      ticketId: 'tkt_01jz0000000000000000000001',
      eventIds: ['evt_01jz0000000000000000000002'],
      seed: newTicketSeed(),
    };
    const code = signTicketCode(signed, importPrivateKey(exportPrivateKey(pairA.privateKey)));
    expect(verifyTicketCode(code, only(signed.keyId, importRawPublicKey(raw)))).toEqual(signed);
    expect(() => importRawPublicKey(raw.slice(1))).toThrow();
    expect(() => importRawPublicKey(`${raw}A`)).toThrow();
  });
});
