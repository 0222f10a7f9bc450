// The syntax of a discount code, shared by the organiser's form, catalog (which creates codes), the BFF, the guest's
// cart and ordering (which looks a typed code up). A code is 3 to 32 letters, digits, "-" and "_"; it compares
// trimmed and case-insensitively, in its normalised (upper-case) form: catalog stores that form as code_key, unique
// per shop, and ordering compares with lower() on both sides, which agrees for these characters. A guest may type
// anything at checkout, but what is not a code is never looked up and gets the same answer as an unknown code.

export const DISCOUNT_CODE_MIN_LENGTH = 3;
export const DISCOUNT_CODE_MAX_LENGTH = 32;
/** A well-formed code, trimmed, in any case: /^[A-Za-z0-9_-]{3,32}$/. */
export const DISCOUNT_CODE_PATTERN = new RegExp(
  `^[A-Za-z0-9_-]{${DISCOUNT_CODE_MIN_LENGTH},${DISCOUNT_CODE_MAX_LENGTH}}$`,
);

/**
 * The form a code is compared in: surrounding spaces dropped and ASCII letters upper-cased ("summer10" and
 * " SUMMER10 " are one code). Only ASCII is mapped: toUpperCase() would make "ſummer10" (long s) read as SUMMER10.
 */
export function normaliseDiscountCode(typed: string): string {
  return typed.trim().replace(/[a-z]+/g, (letters) => letters.toUpperCase());
}

/** Whether `code`, exactly as given (trim or normalise it first), is one a shop could have. */
export function isDiscountCode(code: string): boolean {
  return DISCOUNT_CODE_PATTERN.test(code);
}
