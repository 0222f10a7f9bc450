// The refund's rules in two shapes, like shop-rules.ts: what the organiser types into the refund dialog (an amount
// such as "12,50", checked in their language) and the JSON body the BFF checks in the spec's English before asking
// ordering, which checks again (the amount against what is left to refund) and stays the authority.
import { z } from 'zod';
import { SPEC_RULE_WORDS, type RuleWords } from '../components/ui/field-rules';
import { currencyDigits, parseMoneyInput } from './money-input';
import { IDEMPOTENCY_KEY_PATTERN } from '@kassa/contracts/idempotency-key';
import type { RefundInput } from './order-model';

/** The refund body's fields in the spec's English, as the BFF names them in its messages. */
export const SPEC_REFUND_LABELS = {
  full: 'Full refund',
  amountMinor: 'Amount',
  idempotencyKey: 'Idempotency key',
} as const;

/** POST /api/organisations/{orgId}/orders/{orderId}/refund: { full, amountMinor?, idempotencyKey }. */
export function refundBodySchema(words: RuleWords = SPEC_RULE_WORDS) {
  const labels = SPEC_REFUND_LABELS;
  const missingOr = (label: string) => (issue: { input: unknown }) =>
    issue.input === undefined ? words.required(label) : words.invalid(label);
  return z
    .object({
      full: z.boolean({ error: missingOr(labels.full) }),
      // A partial amount is a whole number of minor units; null or absent for a full refund.
      amountMinor: z
        .number({ error: missingOr(labels.amountMinor) })
        .int({ error: words.invalid(labels.amountMinor) })
        .nullish(),
      idempotencyKey: z
        .string({ error: missingOr(labels.idempotencyKey) })
        .refine((value) => value !== '', { error: words.required(labels.idempotencyKey), abort: true })
        .refine((value) => IDEMPOTENCY_KEY_PATTERN.test(value), { error: words.invalid(labels.idempotencyKey) }),
    })
    .superRefine((body, ctx) => {
      if (body.full) return;
      if (body.amountMinor === undefined || body.amountMinor === null) {
        ctx.addIssue({ code: 'custom', path: ['amountMinor'], message: words.required(labels.amountMinor) });
      } else if (body.amountMinor < 1) {
        ctx.addIssue({ code: 'custom', path: ['amountMinor'], message: words.minValue(1) });
      } else if (!Number.isSafeInteger(body.amountMinor)) {
        ctx.addIssue({ code: 'custom', path: ['amountMinor'], message: words.invalid(labels.amountMinor) });
      }
    })
    .transform((body): RefundInput =>
      body.full
        ? { full: true, idempotencyKey: body.idempotencyKey }
        : { full: false, amountMinor: body.amountMinor!, idempotencyKey: body.idempotencyKey },
    );
}

export type RefundAmountCheck =
  { ok: true; amountMinor: number } | { ok: false; problem: 'required' | 'invalid' | 'minValue' | 'tooMuch' };

/**
 * A partial refund typed in the order's currency ("12,50", "12.50", "€ 12,50" → 1250), checked against what is
 * left to refund. The same parsing as shop item prices (money-input.ts): integer arithmetic, never floats.
 */
export function checkRefundAmount(typed: string, currency: string, refundableMinor: number): RefundAmountCheck {
  if (typed.trim() === '') return { ok: false, problem: 'required' };
  const minor = parseMoneyInput(typed, currencyDigits(currency));
  if (minor === undefined) return { ok: false, problem: 'invalid' };
  if (minor < 1) return { ok: false, problem: 'minValue' };
  if (minor > refundableMinor) return { ok: false, problem: 'tooMuch' };
  return { ok: true, amountMinor: minor };
}
