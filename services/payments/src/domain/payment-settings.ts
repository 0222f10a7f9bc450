import { DEFAULT_CURRENCY } from '@kassa/contracts/currencies';
import { PLATFORM_ONLY_PROVIDER_KEYS, PROVIDER_BRAND_NAMES } from '@kassa/contracts/payment-providers';

/** "connected" (in use), "test_mode" (in use, no real money), "coming_soon" or "unavailable". */
export const PROVIDER_STATES = ['connected', 'test_mode', 'coming_soon', 'unavailable'] as const;

/** One provider as the organisation's Payments tab lists it. */
export interface ProviderInfo {
  key: string;
  name: string;
  status: (typeof PROVIDER_STATES)[number];
}

/** "standard" (payments processed by the platform) or "platform_only" (the organiser's own provider). */
export const PAYMENT_PLANS = ['standard', 'platform_only'] as const;

export interface PaymentSettings {
  plan: (typeof PAYMENT_PLANS)[number];
  activeProvider: ProviderInfo;
  platformOnlyProviders: ProviderInfo[];
  currency: string;
}

/** The Platform-only plan's integrations (spec: three providers, marked coming soon). */
export const PLATFORM_ONLY_PROVIDERS: readonly ProviderInfo[] = PLATFORM_ONLY_PROVIDER_KEYS.map((key) => ({
  key,
  name: PROVIDER_BRAND_NAMES[key],
  status: 'coming_soon',
}));

/**
 * Every organisation is on the Standard plan today: payments are taken by the platform's own provider, Stripe
 * when it is configured (test keys say "test_mode") or else the built-in demo provider, which never moves money.
 */
export function paymentSettings(active: { name: string; testMode: boolean }, currency: string): PaymentSettings {
  const activeProvider: ProviderInfo =
    active.name === 'stripe'
      ? { key: 'stripe', name: PROVIDER_BRAND_NAMES.stripe, status: active.testMode ? 'test_mode' : 'connected' }
      : { key: 'demo', name: 'Demo provider', status: 'test_mode' };
  return {
    plan: 'standard',
    activeProvider,
    platformOnlyProviders: PLATFORM_ONLY_PROVIDERS.map((provider) => ({ ...provider })),
    currency: currency || DEFAULT_CURRENCY,
  };
}
