import { ValidationError } from '@kassa/platform/errors';
import { type ShopFieldsInput, checkShopFields } from '../../src/domain/shop-fields';

const valid: ShopFieldsInput = {
  name: ' Summer Shop ',
  description: 'Tickets',
  opensAt: new Date('2026-07-01T10:00:00Z'),
  closesAt: new Date('2026-07-10T10:00:00Z'),
  translations: [{ locale: 'nl', name: 'Zomerwinkel', description: '' }],
  currency: 'eur',
  password: undefined,
  donation: { enabled: true, suggestedAmountsMinor: [500, 1000], allowCustomAmount: true },
  reservationMinutes: 0,
};

function violationsOf(input: Partial<ShopFieldsInput>, creating = true): { field: string; message: string }[] {
  try {
    checkShopFields({ ...valid, ...input }, { creating });
  } catch (error) {
    if (error instanceof ValidationError) return error.violations;
    throw error;
  }
  return [];
}

describe('checkShopFields', () => {
  it('trims texts, upper-cases the currency, defaults the reservation time and keeps the password when unset', () => {
    expect(checkShopFields(valid, { creating: true })).toMatchObject({
      name: 'Summer Shop',
      currency: 'EUR',
      reservationMinutes: 15,
      password: undefined,
    });
    expect(checkShopFields({ ...valid, reservationMinutes: 30 }, { creating: true }).reservationMinutes).toBe(30);
  });

  it("shows no coming-soon page unless asked, and an update without the setting keeps the shop's", () => {
    expect(checkShopFields(valid, { creating: true }).showComingSoon).toBe(false);
    expect(checkShopFields({ ...valid, showComingSoon: true }, { creating: true }).showComingSoon).toBe(true);
    expect('showComingSoon' in checkShopFields(valid, { creating: false })).toBe(false);
    expect(checkShopFields({ ...valid, showComingSoon: false }, { creating: false }).showComingSoon).toBe(false);
  });

  it('reads the password: "" removes it, anything else sets it exactly as typed', () => {
    expect(checkShopFields({ ...valid, password: '' }, { creating: true }).password).toBeNull();
    expect(checkShopFields({ ...valid, password: ' open sesame ' }, { creating: true }).password).toBe(' open sesame ');
    expect(violationsOf({ password: 'abc' })).toEqual([{ field: 'password', message: 'Password is invalid' }]);
    expect(violationsOf({ password: 'abcd' })).toEqual([]);
    expect(violationsOf({ password: 'x'.repeat(100) })).toEqual([]);
    expect(violationsOf({ password: 'x'.repeat(101) })).toEqual([
      { field: 'password', message: 'Password is invalid' },
    ]);
  });

  it('requires a name of at most 100 characters and a description of at most 5000', () => {
    expect(violationsOf({ name: '  ' })).toEqual([{ field: 'name', message: 'Name is required' }]);
    expect(violationsOf({ name: 'x'.repeat(101) })).toEqual([{ field: 'name', message: 'Name is too long' }]);
    expect(violationsOf({ description: 'x'.repeat(5001) })).toEqual([
      { field: 'description', message: 'Description is too long' },
    ]);
  });

  it('requires both moments and a closing after the opening', () => {
    expect(violationsOf({ opensAt: undefined, closesAt: undefined })).toEqual([
      { field: 'opensAt', message: 'Opens at is required' },
      { field: 'closesAt', message: 'Closes at is required' },
    ]);
    expect(violationsOf({ closesAt: valid.opensAt })).toEqual([{ field: 'closesAt', message: 'Closes at is invalid' }]);
  });

  it('requires an ISO 4217 currency on create and ignores it on update', () => {
    expect(violationsOf({ currency: '' })).toEqual([{ field: 'currency', message: 'Currency is required' }]);
    expect(violationsOf({ currency: 'EURO' })).toEqual([{ field: 'currency', message: 'Currency is invalid' }]);
    expect(violationsOf({ currency: 'XYZ' })).toEqual([{ field: 'currency', message: 'Currency is invalid' }]);
    expect(checkShopFields({ ...valid, currency: 'nonsense' }, { creating: false }).currency).toBe('');
  });

  it('checks donation amounts (each at least 1, at most 6) and the reservation time (5 to 60)', () => {
    expect(
      violationsOf({ donation: { enabled: true, suggestedAmountsMinor: [0, 100], allowCustomAmount: false } }),
    ).toEqual([{ field: 'donation.suggestedAmountsMinor.0', message: 'Minimum value is 1' }]);
    expect(
      violationsOf({
        donation: { enabled: true, suggestedAmountsMinor: [1, 2, 3, 4, 5, 6, 7], allowCustomAmount: false },
      }),
    ).toEqual([{ field: 'donation.suggestedAmountsMinor', message: 'Suggested amounts is invalid' }]);
    expect(
      violationsOf({
        donation: { enabled: true, suggestedAmountsMinor: [1, 2, 3, 4, 5, 6], allowCustomAmount: false },
      }),
    ).toEqual([]);
    expect(violationsOf({ reservationMinutes: -1 })).toEqual([
      { field: 'reservationMinutes', message: 'Minimum value is 1' },
    ]);
    expect(violationsOf({ reservationMinutes: 1 })).toEqual([]);
    expect(violationsOf({ reservationMinutes: 60 })).toEqual([]);
    expect(violationsOf({ reservationMinutes: 61 })).toEqual([
      { field: 'reservationMinutes', message: 'Reservation time is invalid' },
    ]);
  });

  it('checks translations like an event', () => {
    expect(violationsOf({ translations: [{ locale: 'de', name: 'x', description: '' }] })).toEqual([
      { field: 'translations.0.locale', message: 'Language is invalid' },
    ]);
  });
});
