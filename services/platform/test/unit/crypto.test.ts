import { randomBytes } from 'node:crypto';
import { hmacSha256Hex, openString, parseKey, sealString, sha256Hex, timingSafeEqualHex } from '../../src/crypto';

describe('crypto', () => {
  it('hashes with SHA-256 and HMAC-SHA-256 (known vectors)', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    // RFC 4231 test case 2
    expect(hmacSha256Hex('Jefe', 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('compares hex digests safely', () => {
    const digest = sha256Hex('x');
    expect(timingSafeEqualHex(digest, digest)).toBe(true);
    expect(timingSafeEqualHex(digest, sha256Hex('y'))).toBe(false);
    expect(timingSafeEqualHex(digest, digest.slice(2))).toBe(false);
    expect(timingSafeEqualHex('zz', 'zz')).toBe(false);
  });

  it('seals and opens a string with AES-256-GCM, with a fresh IV each time', () => {
    const key = randomBytes(32);
    const sealed = sealString(key, '123456 ✓');
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(sealed, 'base64url').length).toBe(12 + Buffer.byteLength('123456 ✓') + 16);
    expect(openString(key, sealed)).toBe('123456 ✓');
    expect(sealString(key, '123456 ✓')).not.toBe(sealed);
  });

  it('refuses a wrong key, a tampered value and a short key', () => {
    const key = randomBytes(32);
    const sealed = sealString(key, 'secret');
    expect(() => openString(randomBytes(32), sealed)).toThrow();
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[13] = (bytes[13] ?? 0) ^ 1;
    expect(() => openString(key, bytes.toString('base64url'))).toThrow();
    expect(() => sealString(randomBytes(16), 'x')).toThrow(/32 bytes/);
  });

  it('parses a 32-byte base64url key and refuses anything else', () => {
    const key = randomBytes(32);
    expect(parseKey(key.toString('base64url')).equals(key)).toBe(true);
    expect(() => parseKey(randomBytes(16).toString('base64url'))).toThrow(/32 bytes/);
    expect(() => parseKey('')).toThrow(/32 bytes/);
  });
});
