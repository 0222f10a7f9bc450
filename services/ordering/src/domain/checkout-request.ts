// The shape of a checkout before anything is looked up: every field's problem at once, in the spec's words, with
// field names as the request names them (lines.0.quantity, email, discountCode, donationMinor, idempotencyKey).
import { IDEMPOTENCY_KEY_PATTERN } from '@kassa/contracts/idempotency-key';
import { isLocale, type Locale } from '@kassa/contracts/locales';
import { checkEmailAddress, messages, Violations } from '@kassa/platform/errors';
import { sha256Hex } from '@kassa/platform/crypto';
import { isDiscountCode, normaliseDiscountCode } from '@kassa/contracts/discount-code';
import { CLIENT_ADDRESS_PATTERN } from './hold-limits';
import { orderingMessages } from './ordering-messages';

/** A sanity bound on donations (one million in major units); the shop's own rules come later. */
export const DONATION_MAX_MINOR = 100_000_000;

export interface CheckoutInput {
  shopId: string;
  lines: { itemId: string; quantity: number }[];
  /** Trimmed and lower-cased. */
  email: string;
  /** As typed, trimmed: a well-formed code (any case) or '' for none. */
  discountCode: string;
  donationMinor: number;
  subscribe: boolean;
  idempotencyKey: string;
  accessToken: string;
  locale: Locale;
  /** The guest's IP address as the BFF saw it; null when unknown. Not part of the cart (the fingerprint). */
  clientAddress: string | null;
}

export interface CheckoutRequestLike {
  shopId: string;
  lines: { itemId: string; quantity: number }[];
  email: string;
  discountCode: string;
  donationMinor: number;
  subscribe: boolean;
  idempotencyKey: string;
  accessToken: string;
  locale: string;
  clientAddress?: string;
}

/** The request checked and normalised; throws one ValidationError with every violation. */
export function parseCheckoutRequest(request: CheckoutRequestLike): CheckoutInput {
  const violations = new Violations();
  const shopId = violations.id('shopId', request.shopId, 'shp');
  if (request.lines.length === 0) violations.add('lines', messages.checkoutNeedsItem);
  const seen = new Set<string>();
  request.lines.forEach((line, index) => {
    const itemId = violations.id(`lines.${index}.itemId`, line.itemId, 'itm');
    if (itemId && seen.has(itemId)) violations.add(`lines.${index}.itemId`, orderingMessages.duplicateLine);
    if (itemId) seen.add(itemId);
    if (!Number.isInteger(line.quantity) || line.quantity < 1)
      violations.add(`lines.${index}.quantity`, messages.minValue(1));
  });
  const email = checkEmailAddress(request.email);
  if (!email.ok) violations.add('email', email.message);
  const discountCode = (request.discountCode ?? '').trim();
  // What cannot be a code is never looked up, and gets the words of an unknown one: the answer tells only the syntax.
  if (discountCode !== '' && !isDiscountCode(discountCode))
    violations.add('discountCode', messages.invalid('Discount code'));
  const donationMinor = Number(request.donationMinor);
  if (!Number.isSafeInteger(donationMinor)) violations.add('donationMinor', messages.invalid('Donation'));
  else if (donationMinor < 0) violations.add('donationMinor', messages.minValue(0));
  else if (donationMinor > DONATION_MAX_MINOR) violations.add('donationMinor', messages.invalid('Donation'));
  const idempotencyKey = request.idempotencyKey ?? '';
  if (idempotencyKey === '') violations.add('idempotencyKey', messages.required('Idempotency key'));
  else if (!IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey))
    violations.add('idempotencyKey', messages.invalid('Idempotency key'));
  const locale = request.locale === '' ? 'en' : request.locale;
  if (!isLocale(locale)) violations.add('locale', messages.invalid('Locale'));
  violations.throwIfAny();
  return {
    shopId,
    lines: request.lines.map((line) => ({ itemId: line.itemId, quantity: line.quantity })),
    email: email.ok ? email.email : '',
    discountCode,
    donationMinor,
    subscribe: Boolean(request.subscribe),
    idempotencyKey,
    accessToken: request.accessToken ?? '',
    locale: locale as Locale,
    // From the BFF, not the guest: a form it does not know is treated as no address rather than refused.
    clientAddress: CLIENT_ADDRESS_PATTERN.test(request.clientAddress ?? '') ? request.clientAddress! : null,
  };
}

/**
 * What makes two checkouts "the same cart" for idempotency: the lines (in any order), the address, the code (any
 * case), the donation, the opt-in and the language. The access token is left out: a retry may carry a fresh one.
 */
export function checkoutFingerprint(input: CheckoutInput): string {
  const lines = [...input.lines]
    .sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0))
    .map((line) => [line.itemId, line.quantity]);
  return sha256Hex(
    JSON.stringify({
      shopId: input.shopId,
      lines,
      email: input.email,
      // Lower case, as the hashes in checkout_idempotency were first made, so a retry across a deploy still matches.
      discountCode: normaliseDiscountCode(input.discountCode).toLowerCase(),
      donationMinor: input.donationMinor,
      subscribe: input.subscribe,
      locale: input.locale,
    }),
  );
}
