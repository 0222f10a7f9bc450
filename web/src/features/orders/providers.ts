// Payment providers as people know them; plain functions, usable from server and client components alike.

const PROVIDER_NAMES: Record<string, string> = {
  stripe: 'Stripe',
  demo: 'Demo',
  mollie: 'Mollie',
  adyen: 'Adyen',
  paypal: 'PayPal',
};

/** A provider key as people know it ("stripe" → "Stripe"); an unknown key as it is. */
export const providerName = (key: string): string => PROVIDER_NAMES[key] ?? key;
