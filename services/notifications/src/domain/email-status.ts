/**
 * Delivery statuses of an e-mail. The words are the specification's own (so API values and UI labels
 * are the same words), plus 'created' for a message that has not been handed to SMTP yet.
 */
export const deliveryStatuses = [
  'send',
  'delivery',
  'bounce',
  'complaint',
  'reject',
  'opened',
  'click',
  'renderingFailure',
  'deliveryDelay',
  'subscription',
  'notSent',
] as const;

export type DeliveryStatus = (typeof deliveryStatuses)[number];
export type EmailStatus = 'created' | DeliveryStatus;

export const emailStatuses: readonly EmailStatus[] = ['created', ...deliveryStatuses];

/**
 * Which status may follow which. Provider events arrive out of order (an 'opened' can beat its
 * 'delivery'), so engagement statuses are accepted from any status in which the mail has left us.
 * 'notSent', 'renderingFailure', 'reject', 'bounce', 'complaint' and 'subscription' (unsubscribed) end a message.
 */
const engagement: readonly EmailStatus[] = ['opened', 'click', 'complaint', 'subscription'];

const allowedTransitions: Record<EmailStatus, readonly EmailStatus[]> = {
  created: ['send', 'notSent', 'renderingFailure', 'reject'],
  send: ['delivery', 'deliveryDelay', 'bounce', 'reject', ...engagement],
  deliveryDelay: ['deliveryDelay', 'delivery', 'bounce', 'reject', ...engagement],
  delivery: engagement,
  opened: engagement,
  click: engagement,
  bounce: [],
  complaint: [],
  reject: [],
  renderingFailure: [],
  subscription: [],
  notSent: [],
};

export function isEmailStatus(value: string): value is EmailStatus {
  return (emailStatuses as readonly string[]).includes(value);
}

export function canTransition(from: EmailStatus, to: EmailStatus): boolean {
  return allowedTransitions[from].includes(to);
}

/** A status after which nothing else can happen to the message. */
export function isFinalStatus(status: EmailStatus): boolean {
  return allowedTransitions[status].length === 0;
}
