import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { deriveShopAccessKey, issueShopAccessToken, verifyShopAccessToken } from '../../src/crypto';

// catalog issues these tokens and ordering checks them at checkout: both use this one implementation.
const sealingKey = randomBytes(32);
const key = deriveShopAccessKey(sealingKey);
const shopId = 'shp_01jz0000000000000000000000';

describe('shop access tokens', () => {
  it('are base64url HMAC-SHA256 of "shopId:passwordVersion" under the HKDF key "kassa shop access"', () => {
    const expectedKey = Buffer.from(hkdfSync('sha256', sealingKey, Buffer.alloc(0), 'kassa shop access', 32));
    expect(key.equals(expectedKey)).toBe(true);
    const token = issueShopAccessToken(key, shopId, 3);
    expect(token).toBe(createHmac('sha256', expectedKey).update(`${shopId}:3`).digest('base64url'));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stay byte for byte what they are (tokens already handed to guests must keep working)', () => {
    const fixedKey = deriveShopAccessKey(Buffer.alloc(32, 7));
    expect(fixedKey.toString('hex')).toBe('5057a23217a06737695d4a0ee33dcf93e9555d41729fb4a35c332b52ad2c7c81');
    expect(issueShopAccessToken(fixedKey, shopId, 3)).toBe('1xylQhxAPDB3qIFJRyaVnovjBol6uscey1DNA9Zl2VQ');
  });

  it('hold for their shop and password version only', () => {
    const token = issueShopAccessToken(key, shopId, 3);
    expect(verifyShopAccessToken(key, shopId, 3, token)).toBe(true);
    expect(verifyShopAccessToken(key, shopId, 4, token)).toBe(false);
    expect(verifyShopAccessToken(key, 'shp_01jz0000000000000000000001', 3, token)).toBe(false);
    expect(verifyShopAccessToken(deriveShopAccessKey(randomBytes(32)), shopId, 3, token)).toBe(false);
  });

  it('refuse anything malformed', () => {
    const token = issueShopAccessToken(key, shopId, 1);
    for (const bad of ['', token.slice(1), `${token}A`, `${token}=`, `${token.slice(0, -1)}!`, 'x'.repeat(43)]) {
      expect([bad, verifyShopAccessToken(key, shopId, 1, bad)]).toEqual([bad, false]);
    }
  });
});
