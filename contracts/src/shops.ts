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
} as const;
