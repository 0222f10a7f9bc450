// Bodies of the public shop's endpoints (POST /api/shops/{shopId}/access and …/price), checked with zod and
// answered in the spec's words. ordering checks every limit again; these only keep malformed input away from it.
import { messages } from '@kassa/platform/errors';
import { z } from 'zod';
import { cartLinesField, discountCodeField, donationField } from './cart-fields';

export const priceCartBody = z.object({
  lines: cartLinesField('Lines'),
  discountCode: discountCodeField,
  donationMinor: donationField,
});
export type PriceCartBody = z.infer<typeof priceCartBody>;

export const shopAccessBody = z.object({
  password: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? messages.required('Password')
          : messages.invalid('Password'),
    })
    .min(1, { error: messages.required('Password') })
    .max(100, { error: messages.tooLong('Password') }),
});
export type ShopAccessBody = z.infer<typeof shopAccessBody>;

/** The 403 answer to a wrong shop password (the page shows its own translated words). */
export const WRONG_PASSWORD_MESSAGE = 'The password is not right.';
