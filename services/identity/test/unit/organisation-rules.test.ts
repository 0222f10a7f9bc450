import { Violations, ValidationError } from '@kassa/platform/errors';
import {
  INVITATION_VALIDITY_MS,
  invitationExpiry,
  isOpen,
  isWellFormedInvitationToken,
} from '../../src/domain/invitation-policy';
import { CURRENCIES } from '@kassa/contracts/currencies';
import {
  checkMemberName,
  checkOrganisationSettings,
  fullName,
  nameFromDisplayName,
} from '../../src/domain/organisation-rules';

function violationsOf(work: () => unknown) {
  try {
    work();
  } catch (error) {
    if (error instanceof ValidationError) return error.violations;
    throw error;
  }
  throw new Error('no ValidationError');
}

describe('checkOrganisationSettings', () => {
  it('trims, upper-cases the currency and lower-cases the locale', () => {
    expect(
      checkOrganisationSettings({
        name: '  Club  ',
        description: ' Hi ',
        currency: 'chf',
        defaultLocale: 'NL',
        timeZone: ' Pacific/Auckland ',
      }),
    ).toEqual({
      name: 'Club',
      description: 'Hi',
      currency: 'CHF',
      defaultLocale: 'nl',
      timeZone: 'Pacific/Auckland',
    });
  });

  it('takes the fallback currency, locale and time zone when they are empty', () => {
    expect(
      checkOrganisationSettings(
        { name: 'Club' },
        { currency: 'EUR', defaultLocale: 'nl', timeZone: 'Europe/Amsterdam' },
      ),
    ).toMatchObject({
      currency: 'EUR',
      defaultLocale: 'nl',
      timeZone: 'Europe/Amsterdam',
    });
    // Update: only the time zone falls back (to the current one).
    expect(
      checkOrganisationSettings(
        { name: 'Club', currency: 'EUR', defaultLocale: 'en', timeZone: '' },
        { timeZone: 'Asia/Tokyo' },
      ),
    ).toMatchObject({ timeZone: 'Asia/Tokyo' });
  });

  it('accepts only a listed time zone, exactly as spelled', () => {
    const settings = { name: 'Club', currency: 'EUR', defaultLocale: 'en' };
    expect(checkOrganisationSettings({ ...settings, timeZone: 'UTC' }).timeZone).toBe('UTC');
    for (const timeZone of ['Mars/Base', 'europe/amsterdam', `Europe/${'x'.repeat(58)}`])
      expect(violationsOf(() => checkOrganisationSettings({ ...settings, timeZone }))).toEqual([
        { field: 'time_zone', message: 'Time zone is invalid' },
      ]);
  });

  it('reports every field with the spec wording', () => {
    expect(
      violationsOf(() =>
        checkOrganisationSettings({
          name: ' ',
          description: 'x'.repeat(1001),
          currency: 'XYZ',
          defaultLocale: 'fr',
          timeZone: 'Mars/Base',
        }),
      ),
    ).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'description', message: 'Description is too long' },
      { field: 'currency', message: 'Currency is invalid' },
      { field: 'default_locale', message: 'Language is invalid' },
      { field: 'time_zone', message: 'Time zone is invalid' },
    ]);
    expect(
      violationsOf(() => checkOrganisationSettings({ name: 'x'.repeat(101), currency: '', defaultLocale: '' })),
    ).toEqual([
      { field: 'name', message: 'Name is too long' },
      { field: 'currency', message: 'Currency is required' },
      { field: 'default_locale', message: 'Language is required' },
      { field: 'time_zone', message: 'Time zone is required' },
    ]);
  });

  it('accepts 100 and 1000 characters and the common currencies', () => {
    expect(() =>
      checkOrganisationSettings({
        name: 'x'.repeat(100),
        description: 'y'.repeat(1000),
        currency: 'EUR',
        defaultLocale: 'en',
        timeZone: 'Europe/Amsterdam',
      }),
    ).not.toThrow();
    for (const code of ['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK'])
      expect(CURRENCIES).toContain(code);
  });
});

describe('member names', () => {
  it('are optional, at most 100 characters, without control characters', () => {
    const v = new Violations();
    expect(checkMemberName(v, { firstName: ' Jane ', lastName: 'van  Dijk' })).toEqual({
      firstName: 'Jane',
      lastName: 'van Dijk',
    });
    expect(checkMemberName(v, {})).toEqual({ firstName: '', lastName: '' });
    expect(v.all).toEqual([]);
    checkMemberName(v, { firstName: 'x'.repeat(101), lastName: 'Bad\u0007' });
    expect(v.all).toEqual([
      { field: 'first_name', message: 'First name is too long' },
      { field: 'last_name', message: 'Last name is invalid' },
    ]);
  });

  it('come from the display name when nobody typed one', () => {
    expect(nameFromDisplayName(' Jane  van Dijk ')).toEqual({ firstName: 'Jane', lastName: 'van Dijk' });
    expect(nameFromDisplayName('')).toEqual({ firstName: '', lastName: '' });
    expect(fullName({ firstName: 'Jane', lastName: '' })).toBe('Jane');
    expect(fullName({ firstName: '', lastName: '' }, 'jane@example.com')).toBe('jane@example.com');
  });
});

describe('invitations', () => {
  it('are valid for 7 days after sending', () => {
    const sentAt = new Date('2026-12-01T10:00:00Z');
    expect(INVITATION_VALIDITY_MS).toBe(7 * 24 * 3600 * 1000);
    expect(invitationExpiry(sentAt)).toEqual(new Date('2026-12-08T10:00:00Z'));
    const invitation = { status: 'pending', expiresAt: invitationExpiry(sentAt) };
    expect(isOpen(invitation, new Date('2026-12-08T09:59:59Z'))).toBe(true);
    expect(isOpen(invitation, new Date('2026-12-08T10:00:00Z'))).toBe(false);
    expect(isOpen({ ...invitation, status: 'revoked' }, sentAt)).toBe(false);
    expect(isOpen({ ...invitation, status: 'accepted' }, sentAt)).toBe(false);
  });

  it('have 256-bit base64url tokens', () => {
    expect(isWellFormedInvitationToken('a'.repeat(43))).toBe(true);
    expect(isWellFormedInvitationToken('a'.repeat(42))).toBe(false);
    expect(isWellFormedInvitationToken(`${'a'.repeat(42)}=`)).toBe(false);
  });
});
