// Every status word of the spec (§4) and the colour tone its badge gets. The words are the API values too.
import { EMAIL_DELIVERY_STATUSES } from '@kassa/contracts/statuses';

export const LIFECYCLE_STATUSES = [
  'canceled',
  'closed',
  'completed',
  'created',
  'deleted',
  'draft',
  'ended',
  'expired',
  'live',
  'open',
  'pending',
  'public',
  'reserved',
  'unknown',
  'used',
  'visible',
  'paid',
  'authorized',
  'failed',
] as const;

export { EMAIL_DELIVERY_STATUSES };

export const STATUS_WORDS = [...LIFECYCLE_STATUSES, ...EMAIL_DELIVERY_STATUSES] as const;
export type StatusWord = (typeof STATUS_WORDS)[number];

/** success: done or good to go; info: under way; warning: needs attention soon; danger: went wrong; neutral: over or inactive. */
export type StatusTone = 'success' | 'info' | 'warning' | 'danger' | 'neutral';

export const STATUS_TONES: Record<StatusWord, StatusTone> = {
  completed: 'success',
  live: 'success',
  open: 'success',
  public: 'success',
  visible: 'success',
  paid: 'success',
  delivery: 'success',
  opened: 'success',
  click: 'success',
  created: 'info',
  reserved: 'info',
  authorized: 'info',
  send: 'info',
  subscription: 'info',
  pending: 'warning',
  deliveryDelay: 'warning',
  canceled: 'danger',
  deleted: 'danger',
  failed: 'danger',
  bounce: 'danger',
  complaint: 'danger',
  reject: 'danger',
  renderingFailure: 'danger',
  closed: 'neutral',
  draft: 'neutral',
  ended: 'neutral',
  expired: 'neutral',
  unknown: 'neutral',
  used: 'neutral',
  notSent: 'neutral',
};

export function isStatusWord(value: unknown): value is StatusWord {
  return typeof value === 'string' && Object.hasOwn(STATUS_TONES, value);
}

/** A word we do not know (a newer API value, say) shows as "unknown" rather than breaking the page. */
export function toStatusWord(value: string): StatusWord {
  return isStatusWord(value) ? value : 'unknown';
}

export function statusTone(value: string): StatusTone {
  return STATUS_TONES[toStatusWord(value)];
}
