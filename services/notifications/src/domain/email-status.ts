// The statuses are the specification's own words (so API values and UI labels are the same words), plus 'created'
// for a message that has not been handed to SMTP yet; the lists live in @kassa/contracts/statuses.
import { type EmailDeliveryStatus, type EmailStatus } from '@kassa/contracts/statuses';

export {
  EMAIL_DELIVERY_STATUSES,
  type EmailDeliveryStatus,
  EMAIL_STATUSES,
  type EmailStatus,
  isEmailStatus,
} from '@kassa/contracts/statuses';

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

export function canTransition(from: EmailStatus, to: EmailStatus): boolean {
  return allowedTransitions[from].includes(to);
}

/** A status after which nothing else can happen to the message. */
export function isFinalStatus(status: EmailStatus): boolean {
  return allowedTransitions[status].length === 0;
}

/**
 * How far along (or how definitely failed) a message is, for delivery events that arrive in any order: a message's
 * current status is the highest-ranked one it has seen, so a late 'send' never hides a 'delivery' or a 'bounce'.
 * Engagement outranks delivery, and every failure outranks engagement (a complaint or a late bounce is what matters).
 * A strict order, so the outcome does not depend on the order the events came in.
 */
const rank: Record<EmailStatus, number> = {
  created: 0,
  send: 1,
  deliveryDelay: 2,
  delivery: 3,
  opened: 4,
  click: 5,
  subscription: 6,
  complaint: 7,
  reject: 8,
  bounce: 9,
  renderingFailure: 10,
  notSent: 11,
};

export function statusRank(status: EmailStatus): number {
  return rank[status];
}

/** The status a message shows after a delivery event reporting `reported`. */
export function statusAfterReport(current: EmailStatus, reported: EmailDeliveryStatus): EmailStatus {
  return rank[reported] > rank[current] ? reported : current;
}
