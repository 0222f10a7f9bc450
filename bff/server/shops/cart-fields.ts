// The cart's fields as the public shop's endpoints receive them (POST /api/shops/{shopId}/price and …/checkout): its
// lines of item and quantity, the discount code and the donation, checked with zod and answered in the spec's words.
// ordering checks every limit again; these only keep malformed input away from it.
import { DISCOUNT_CODE_MAX_LENGTH } from '@kassa/contracts/discount-code';
import { messages } from '@kassa/platform/errors';
import { z } from 'zod';
import { isPrefixedId } from '../site/page-validity';

/** The platform's per-order cap is 20 per line; this bound only stops absurd numbers before they travel. */
const QUANTITY_CEILING = 1_000;
/** No shop has more items than this in one cart. */
const MAX_LINES = 100;

/** A whole number of at least `min`: absent → '{label} is required', anything else that is not one → '{label} is invalid'. */
const integerField = (label: string, min: number) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? messages.required(label) : messages.invalid(label),
    })
    .int({ error: messages.invalid(label) })
    .min(min, { error: messages.minValue(min) });

const cartLine = (label: string) =>
  z.object(
    {
      itemId: z
        .string({ error: messages.idInvalid })
        .refine((value) => isPrefixedId('itm', value), { error: messages.idInvalid }),
      quantity: integerField('Quantity', 1).max(QUANTITY_CEILING, { error: messages.invalid('Quantity') }),
    },
    // A line that is no object at all (null, a string): the list is invalid, in the spec's words rather than zod's.
    { error: messages.invalid(label) },
  );

/** The cart's lines, each item once; `label` is what the endpoint calls them ('Lines' for price, 'Items' for checkout). */
export const cartLinesField = (label: string) =>
  z
    .array(cartLine(label), { error: messages.checkoutNeedsItem })
    .min(1, { error: messages.checkoutNeedsItem })
    .max(MAX_LINES, { error: messages.invalid(label) })
    .refine((lines) => new Set(lines.map(({ itemId }) => itemId)).size === lines.length, {
      error: messages.invalid(label),
    });

/**
 * The code as typed, trimmed. Longer than any code is refused here in the words of an unknown code; the rest goes to
 * ordering, which looks up only a well-formed code and answers any other like an unknown one ('unknown' in a quote,
 * 'Discount code is invalid' at checkout), so neither answer tells more than the syntax.
 */
export const discountCodeField = z
  .string({ error: messages.invalid('Discount code') })
  .trim()
  .max(DISCOUNT_CODE_MAX_LENGTH, { error: messages.invalid('Discount code') })
  .default('');

export const donationField = integerField('Donation', 0)
  .max(100_000_000, { error: messages.invalid('Donation') })
  .default(0);
