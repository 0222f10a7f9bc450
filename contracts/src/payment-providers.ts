// The payment providers Kassa names. On the Standard plan the platform takes payments itself (Stripe, or the built-in
// demo provider that moves no money); the Platform-only plan, coming soon, will use the organiser's own provider from
// the integrations listed here. The landing page's pricing and the organisation's Payments tab both show this list.

/** The Platform-only plan's integrations, in the order they are shown. */
export const PLATFORM_ONLY_PROVIDER_KEYS = ['mollie', 'adyen', 'paypal'] as const;
export type PlatformOnlyProviderKey = (typeof PLATFORM_ONLY_PROVIDER_KEYS)[number];

/** Providers' names as their brands write them: the same in every language. */
export const PROVIDER_BRAND_NAMES: Readonly<Record<'stripe' | PlatformOnlyProviderKey, string>> = {
  stripe: 'Stripe',
  mollie: 'Mollie',
  adyen: 'Adyen',
  paypal: 'PayPal',
};
