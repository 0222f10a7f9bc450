// Requests of the ticket routes: Resend's body, the guest's ticket list's language, and the mail provider's
// delivery events. The services check everything again; these keep malformed input away from them and answer in
// the spec's words.
import { localeOrDefault } from '@kassa/contracts/locales';
import { messages } from '@kassa/platform/errors';
import { IDEMPOTENCY_KEY_PATTERN } from '@kassa/contracts/idempotency-key';
import { z } from 'zod';

/** POST /api/organisations/{orgId}/orders/{orderId}/resend-confirmation: { idempotencyKey }, made once per click. */
export const resendBody = z.object({
  idempotencyKey: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? messages.required('Idempotency key')
          : messages.invalid('Idempotency key'),
    })
    .refine((value) => value !== '', { error: messages.required('Idempotency key'), abort: true })
    .refine((value) => IDEMPOTENCY_KEY_PATTERN.test(value), { error: messages.invalid('Idempotency key') }),
});
export type ResendBody = z.infer<typeof resendBody>;

/** ?locale= of the guest's pages: a locale Kassa speaks, anything else English (names of events in that language). */
export const ticketLocale = localeOrDefault;

/** The delivery webhook's signature header, as notifications verifies it: "t=<unix seconds>,v1=<hex HMAC-SHA256>". */
export const EMAIL_SIGNATURE_HEADER = 'kassa-signature';
/** A signature header longer than this is not one of ours (t= and one or two v1= of 64 hex digits). */
export const EMAIL_SIGNATURE_MAX_LENGTH = 1024;
