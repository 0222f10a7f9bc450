import { messages } from '@kassa/platform/errors';

/** A shop's donation option, as catalog sends it. */
export interface DonationOption {
  enabled: boolean;
  suggestedAmountsMinor: readonly number[];
  allowCustomAmount: boolean;
}

/**
 * Why a guest's donation cannot be accepted, in the spec's words (field donationMinor), or null when it can:
 * 0 is always fine (no donation); otherwise the shop must allow donations, and the amount must be one of the
 * suggestions unless custom amounts are allowed.
 */
export function donationProblem(option: DonationOption, amountMinor: number): string | null {
  if (!Number.isInteger(amountMinor)) return messages.invalid('Donation');
  if (amountMinor < 0) return messages.minValue(0);
  if (amountMinor === 0) return null;
  if (!option.enabled) return messages.invalid('Donation');
  if (!option.allowCustomAmount && !option.suggestedAmountsMinor.includes(amountMinor))
    return messages.invalid('Donation');
  return null;
}
