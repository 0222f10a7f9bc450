import { ValidationError } from '../../src/errors';
import { assertId, isId, newId, randomToken } from '../../src/ids';
import { ulid } from '../../src/ids/ulid';

describe('ids', () => {
  it('makes prefixed, lower-case, 26-character ULIDs', () => {
    const id = newId('usr');
    expect(id).toMatch(/^usr_[0-9a-hjkmnp-tv-z]{26}$/);
    expect(isId('usr', id)).toBe(true);
    expect(isId('ses', id)).toBe(false);
    expect(isId('usr', id.toUpperCase())).toBe(false);
    expect(isId('usr', 'usr_' + 'u'.repeat(26))).toBe(false); // u is not Crockford base32
    expect(isId('usr', 42)).toBe(false);
  });

  it('encodes the creation time so that ids sort by it', () => {
    const early = ulid(1_700_000_000_000);
    const late = ulid(1_800_000_000_000);
    expect(early < late).toBe(true);
    expect(early.slice(0, 10)).not.toBe(late.slice(0, 10));
  });

  it('stays strictly increasing within one millisecond', () => {
    const now = Date.now() + 10_000;
    const ids = Array.from({ length: 1000 }, () => ulid(now));
    expect(new Set(ids).size).toBe(1000);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids.map((id) => id.slice(0, 10))).size).toBe(1);
  });

  it('refuses an unusable prefix', () => {
    expect(() => newId('Bad_')).toThrow(/prefix/);
  });

  it('assertId throws ValidationError "ID is invalid" on the field', () => {
    expect(() => assertId('eventId', 'evt', newId('evt'))).not.toThrow();
    try {
      assertId('eventId', 'evt', newId('shp'));
      throw new Error('expected a throw');
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).violations).toEqual([{ field: 'eventId', message: 'ID is invalid' }]);
    }
  });

  it('randomToken gives base64url of the requested number of random bytes', () => {
    const token = randomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(randomToken(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(randomToken()).not.toBe(token);
  });
});
