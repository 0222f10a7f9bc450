// Payment providers as people know them; plain functions, usable from server and client components alike.
import { PROVIDER_BRAND_NAMES } from '@kassa/contracts/payment-providers';

const PROVIDER_NAMES: Record<string, string> = { ...PROVIDER_BRAND_NAMES, demo: 'Demo' };

/** A provider key as people know it ("stripe" → "Stripe"); an unknown key as it is. */
export const providerName = (key: string): string => PROVIDER_NAMES[key] ?? key;
