// notifications' business instruments (the "Business" table of the metrics contract).
import { checkoutFunnel, counter, labelSets } from '@kassa/platform/metrics';
import { type EmailMessage, TEMPLATE_NAMES, type TemplateName } from './domain/email-message';

/** kind: the template (emailKind); outcome: sent (handed to SMTP) or failed, per attempt. */
export const emails = counter('kassa.emails', 'E-mail send attempts at SMTP, by kind and outcome');

export type EmailAttemptOutcome = 'sent' | 'failed';

/** The label of a template: its name in snake_case (signin_code, order_confirmation, order_refunded, …). */
export function emailKind(template: TemplateName): string {
  return template.replace(/-/g, '_');
}

/** The funnel's last stage: an order's own confirmation (not one an organiser had sent again). */
export function isFunnelConfirmation(message: Pick<EmailMessage, 'template' | 'purpose'>): boolean {
  return message.template === 'order-confirmation' && message.purpose === 'confirmation';
}

/** At start-up: every series this service counts, at 0 (see Counter.initialise). */
export function initialiseNotificationsMetrics(): void {
  checkoutFunnel.initialise(['email_sent']);
  emails.initialise(labelSets({ kind: TEMPLATE_NAMES.map(emailKind), outcome: ['sent', 'failed'] }));
}
