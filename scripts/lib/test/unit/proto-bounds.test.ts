// The bounds written in the proto comments ("at most 100 characters", "8 to 100 characters of [A-Za-z0-9_-]",
// "3–32 letters…") are a promise to every caller; the numbers that keep it live in @kassa/contracts (or, for a rule
// only one service applies, in that service's domain). This reads every comment of every field, finds each bound it
// states, and holds it to the constant: a bound changed on one side only fails here, and so does a new bound in a
// comment that no constant stands behind.
import {
  CATALOG_DESCRIPTION_MAX_LENGTH,
  CATALOG_NAME_MAX_LENGTH,
  LOCATION_LIMITS,
} from '@kassa/contracts/catalog-texts';
import { DISCOUNT_CODE_MAX_LENGTH, DISCOUNT_CODE_MIN_LENGTH } from '@kassa/contracts/discount-code';
import { EMAIL_MAX_LENGTH } from '@kassa/contracts/email-address';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_MIN_LENGTH } from '@kassa/contracts/idempotency-key';
import {
  DISPLAY_NAME_MAX_LENGTH,
  MEMBER_NAME_MAX_LENGTH,
  ORGANISATION_DESCRIPTION_MAX_LENGTH,
  ORGANISATION_NAME_MAX_LENGTH,
} from '@kassa/contracts/organisations';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH } from '@kassa/contracts/public-forms';
import { MAX_OFFLINE_SCANS, SCAN_LINK_NAME_MAX_LENGTH } from '@kassa/contracts/scan-links';
import { SHOP_LIMITS } from '@kassa/contracts/shops';
import { ACCESS_KEY_LENGTH } from '@kassa/platform/ids';
import { MAX_PAGE_SIZE } from '@kassa/platform/paging';
import { type ProtoFieldComment, protoFieldComments } from '../../proto-comments';
import { CLIENT_ADDRESS_MAX_LENGTH } from '../../../../services/ordering/src/domain/hold-limits';

/** A bound as a comment states it: a length range, an exact length, a count, or a default. */
interface Bound {
  min?: number;
  max?: number;
  exact?: number;
  fallback?: number;
}

interface FieldComment extends ProtoFieldComment {
  bound: Bound;
}

const number = (text: string) => Number(text.replace(/,/g, ''));

/** Every bound a comment states, or undefined when it states none. */
export function boundOf(comment: string): Bound | undefined {
  const range = /(\d[\d,]*)\s*(?:–|-| to )\s*(\d[\d,]*)(?: of)? (?:characters|letters)/.exec(comment);
  if (range) return { min: number(range[1]!), max: number(range[2]!) };
  const atMost = /at most (\d[\d,]*) (?:characters|of them|per page|per call)/i.exec(comment);
  if (atMost) return { max: number(atMost[1]!) };
  const exact = /(\d+) characters of base64url/.exec(comment);
  if (exact) return { exact: number(exact[1]!) };
  const minutes = /^(\d+) to (\d+); 0 means the default of (\d+)/.exec(comment);
  if (minutes) return { min: number(minutes[1]!), max: number(minutes[2]!), fallback: number(minutes[3]!) };
  return undefined;
}

/** Each field whose leading comment states a bound. */
function boundedFields(): FieldComment[] {
  return protoFieldComments().flatMap((field) => {
    const bound = boundOf(field.comment);
    return bound ? [{ ...field, bound }] : [];
  });
}

/** The constants behind a field's bound; undefined when no constant stands behind it (which fails the test). */
function expectedBound({ file, message, field }: FieldComment): Bound | undefined {
  const characters = (max: number, min?: number): Bound => (min === undefined ? { max } : { min, max });
  if (field === 'email') return characters(EMAIL_MAX_LENGTH);
  if (field === 'idempotency_key') return characters(IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_MIN_LENGTH);
  if (field === 'access_key') return { exact: ACCESS_KEY_LENGTH };
  if (field === 'page') return { max: MAX_PAGE_SIZE };
  if (field === 'display_name') return characters(DISPLAY_NAME_MAX_LENGTH);
  if (field === 'first_name' || field === 'last_name') return characters(MEMBER_NAME_MAX_LENGTH);
  if (file.startsWith('identity/') && field === 'name') return characters(ORGANISATION_NAME_MAX_LENGTH);
  if (file.startsWith('identity/') && field === 'description') return characters(ORGANISATION_DESCRIPTION_MAX_LENGTH);
  if (file.startsWith('catalog/')) {
    if (message === 'Location')
      return characters(LOCATION_LIMITS[field === 'postal_code' ? 'postalCode' : (field as 'address' | 'city')]);
    if (field === 'name') return characters(CATALOG_NAME_MAX_LENGTH);
    if (field === 'description') return characters(CATALOG_DESCRIPTION_MAX_LENGTH);
    if (field === 'code') return characters(DISCOUNT_CODE_MAX_LENGTH, DISCOUNT_CODE_MIN_LENGTH);
    if (field === 'password') return characters(SHOP_LIMITS.passwordMax, SHOP_LIMITS.passwordMin);
    if (field === 'suggested_amounts_minor') return { max: SHOP_LIMITS.suggestedAmounts };
    if (field === 'extra_event_ids') return { max: SHOP_LIMITS.itemEvents };
    if (message === 'DiscountCodeFields' && field === 'item_ids') return { max: SHOP_LIMITS.discountCodeItems };
    if (field === 'reservation_minutes')
      return {
        min: SHOP_LIMITS.reservationMin,
        max: SHOP_LIMITS.reservationMax,
        fallback: SHOP_LIMITS.reservationDefault,
      };
  }
  if (message === 'SendContactMessageRequest' && field === 'name') return characters(CONTACT_NAME_MAX_LENGTH);
  if (message === 'SendContactMessageRequest' && field === 'message') return characters(CONTACT_MESSAGE_MAX_LENGTH, 1);
  if (message === 'CheckoutRequest' && field === 'client_address') return characters(CLIENT_ADDRESS_MAX_LENGTH);
  if (message === 'CreateScanLinkRequest' && field === 'name') return characters(SCAN_LINK_NAME_MAX_LENGTH, 1);
  if (message === 'SyncOfflineScansRequest' && field === 'scans') return { max: MAX_OFFLINE_SCANS };
  return undefined;
}

describe('bounds written in the proto comments', () => {
  const fields = boundedFields();

  it('finds the bounds the comments state (the reader itself works)', () => {
    expect(boundOf('Required, at most 100 characters.')).toEqual({ max: 100 });
    expect(boundOf('Chosen by the browser once per attempt (8 to 100 characters of [A-Za-z0-9_-]).')).toEqual({
      min: 8,
      max: 100,
    });
    expect(boundOf('Required, 3–32 of letters, digits, "-" and "_".')).toEqual({ min: 3, max: 32 });
    expect(boundOf('At most 1,000 per call.')).toEqual({ max: 1000 });
    expect(boundOf('Given name.')).toBeUndefined();
    expect(fields.length).toBeGreaterThan(50);
  });

  it('each has a constant behind it', () => {
    expect(
      fields.filter((field) => expectedBound(field) === undefined).map((field) => `${field.where}: ${field.comment}`),
    ).toEqual([]);
  });

  it.each(boundedFields().map((field) => [field.where, field] as const))(
    '%s says what the constant is',
    (_where, field) => {
      expect(field.bound).toEqual(expectedBound(field));
    },
  );
});
