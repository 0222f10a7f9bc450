import { hashShopPassword, verifyShopPassword } from '../../src/domain/shop-password';

describe('shop passwords', () => {
  it('are stored as salted scrypt and verified', async () => {
    const stored = await hashShopPassword('open sesame');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(stored).not.toContain('sesame');
    expect(await hashShopPassword('open sesame')).not.toBe(stored);
    expect(await verifyShopPassword('open sesame', stored)).toBe(true);
    expect(await verifyShopPassword('open sesame ', stored)).toBe(false);
    expect(await verifyShopPassword('Open sesame', stored)).toBe(false);
    expect(await verifyShopPassword('open sesame', 'plain$text')).toBe(false);
  });
});
