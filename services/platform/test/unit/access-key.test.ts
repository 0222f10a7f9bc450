import { accessKeyMatches, isAccessKey, newAccessKey } from '../../src/ids';

describe('access keys', () => {
  it('are 22 characters of base64url, 128 bits, and never repeat', () => {
    const keys = Array.from({ length: 2_000 }, () => newAccessKey());
    for (const key of keys) expect(isAccessKey(key)).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
    // 16 bytes: the last character carries only 2 bits, so it is one of A, Q, g, w.
    expect(new Set(keys.map((key) => key.at(-1))).size).toBeLessThanOrEqual(4);
    expect(Buffer.from(keys[0]!, 'base64url')).toHaveLength(16);
  });

  it('share nothing between two made in the same millisecond (unlike ids, which count up)', () => {
    const [a, b] = [newAccessKey(), newAccessKey()];
    const sharedPrefix = [...a].findIndex((char, index) => char !== b[index]);
    expect(sharedPrefix).toBeLessThan(6);
  });

  it('match only the exact key, and nothing that is not a key', () => {
    const key = newAccessKey();
    expect(accessKeyMatches(key, key)).toBe(true);
    expect(accessKeyMatches(key, newAccessKey())).toBe(false);
    expect(accessKeyMatches(key, `${key.slice(0, -1)}${key.at(-1) === 'A' ? 'B' : 'A'}`)).toBe(false);
    expect(accessKeyMatches(key, '')).toBe(false);
    expect(accessKeyMatches(key, undefined)).toBe(false);
    expect(accessKeyMatches(key, `${key}x`)).toBe(false);
    expect(accessKeyMatches(null, key)).toBe(false);
    expect(accessKeyMatches('', '')).toBe(false);
  });
});
