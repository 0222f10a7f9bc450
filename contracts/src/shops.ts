// The bounds of a shop's settings, the same in the dashboard's forms, the BFF and catalog.

export const SHOP_LIMITS = {
  /** A shop password: 4 to 100 characters, taken exactly as typed. */
  passwordMin: 4,
  passwordMax: 100,
  /** Suggested donation amounts: at most 6. */
  suggestedAmounts: 6,
  /** How long a cart holds its tickets, in minutes: 1 to 60 (the load verification holds for 1); 0 or unset is 15. */
  reservationMin: 1,
  reservationMax: 60,
  reservationDefault: 15,
  /**
   * The events one item grants entry to, its ticket option's own included: at most 40. A ticket's signed code names
   * every one (about 44 characters each) and its QR code must still be drawn and read: 40 events make a code of
   * about 2,000 characters, a version-37 QR code at level M; from 48 on, no QR code at that level holds it at all.
   */
  itemEvents: 40,
  /** The items a discount code is limited to: at most 100 (none means every item of the shop). */
  discountCodeItems: 100,
} as const;
