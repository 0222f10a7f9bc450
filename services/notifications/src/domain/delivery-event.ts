import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { messages, ValidationError, Violations } from '@kassa/platform/errors';
import type { EmailDeliveryStatus } from './email-status';

/**
 * Delivery events from the mail provider, in Amazon SES's event-publishing format, forwarded by the BFF with the raw
 * body and a "Kassa-Signature" header. Pure: the signature check, the parsing and the mapping to the spec's words.
 */

/** A signature older (or newer) than this is refused, so a captured request cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;
/** Records in one request; SES publishes one per notification, batches from a forwarder stay far below. */
export const MAX_EVENTS_PER_REQUEST = 100;
/** 1 MiB: a bounce with every header of a large mail stays well within it. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** SES's eventType → the specification's delivery word. */
export const sesEventStatuses = {
  Bounce: 'bounce',
  Complaint: 'complaint',
  Delivery: 'delivery',
  Send: 'send',
  Reject: 'reject',
  Open: 'opened',
  Click: 'click',
  'Rendering Failure': 'renderingFailure',
  DeliveryDelay: 'deliveryDelay',
  Subscription: 'subscription',
} as const satisfies Record<string, EmailDeliveryStatus>;

export type SesEventType = keyof typeof sesEventStatuses;

/** The object in a record that holds an event type's details. */
const detailKeys: Record<SesEventType, string> = {
  Bounce: 'bounce',
  Complaint: 'complaint',
  Delivery: 'delivery',
  Send: 'send',
  Reject: 'reject',
  Open: 'open',
  Click: 'click',
  'Rendering Failure': 'failure',
  DeliveryDelay: 'deliveryDelay',
  Subscription: 'subscription',
};

/** Our own message id, as we put it in the X-Kassa-Message-Id header and the kassaMessageId tag of every mail. */
export const KASSA_MESSAGE_ID_HEADER = 'X-Kassa-Message-Id';
export const KASSA_MESSAGE_ID_TAG = 'kassaMessageId';
const messageIdPattern = /^msg_[0-9a-hjkmnp-tv-z]{26}$/;

/** One provider event, ready to apply. */
export interface DeliveryReport {
  /** Applied once per id: the provider's own (a bounce's or complaint's feedbackId), else a hash of the record. */
  eventId: string;
  status: EmailDeliveryStatus;
  occurredAt: Date;
  /** A short reason for the history: an SMTP reply, a bounce type; no addresses of others, no IPs. */
  detail: string;
  /** Our message id when the record carries it (tag or header): the surest way to the message. */
  kassaMessageId?: string;
  /** The provider's ids of the mail (its messageId, the Message-ID header), without angle brackets. */
  providerMessageIds: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// Signature

/** The "Kassa-Signature" header for a body: what the BFF's forwarder (and the tests) send. */
export function signDeliveryBody(secret: string, body: Buffer, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${signatureHex(secret, body, String(unixSeconds))}`;
}

function signatureHex(secret: string, body: Buffer, timestamp: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

/**
 * Whether the header signs this exact body under the secret within the tolerance. Several v1 values are allowed
 * (one per secret while rotating); each is compared in constant time. Anything malformed is simply false.
 */
export function verifyDeliverySignature(secret: string, body: Buffer, header: string, now: Date): boolean {
  let timestamp: string | undefined;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator <= 0) continue;
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (key === 't') timestamp = value;
    else if (key === 'v1') candidates.push(value);
  }
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || candidates.length === 0) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signatureHex(secret, body, timestamp), 'hex');
  let matched = false;
  for (const candidate of candidates) {
    if (!/^[0-9a-f]{64}$/i.test(candidate)) continue;
    // No early return: every candidate is compared, so the time taken says nothing about which one matched.
    if (timingSafeEqual(expected, Buffer.from(candidate, 'hex'))) matched = true;
  }
  return matched;
}

// ---------------------------------------------------------------------------------------------------------------
// Parsing

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The records of a request body (one record or an array of them), all checked before any is used: one bad record
 * refuses the whole request with every violation named ('0.eventType', 'mail.messageId', …), so a forwarder never
 * half-applies a batch.
 */
export function parseDeliveryEvents(rawBody: Buffer): DeliveryReport[] {
  const v = new Violations();
  if (rawBody.length === 0) throw new ValidationError([{ field: 'rawBody', message: messages.required('Body') }]);
  if (rawBody.length > MAX_BODY_BYTES)
    throw new ValidationError([{ field: 'rawBody', message: messages.tooLong('Body') }]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new ValidationError([{ field: 'rawBody', message: messages.invalid('Body') }]);
  }
  const batch = Array.isArray(parsed);
  const records: unknown[] = batch ? (parsed as unknown[]) : [parsed];
  if (batch && records.length === 0)
    throw new ValidationError([{ field: 'rawBody', message: messages.empty('Events') }]);
  if (records.length > MAX_EVENTS_PER_REQUEST)
    throw new ValidationError([{ field: 'rawBody', message: messages.tooLong('Events') }]);

  const reports = records.map((record, index) => parseRecord(v, batch ? `${index}.` : '', record));
  v.throwIfAny();
  return reports.filter((report): report is DeliveryReport => report !== undefined);
}

function parseRecord(v: Violations, prefix: string, record: unknown): DeliveryReport | undefined {
  if (!isObject(record)) {
    v.add(prefix ? prefix.slice(0, -1) : 'rawBody', messages.invalid('Event'));
    return undefined;
  }
  const before = v.all.length;
  const type = record.eventType;
  if (type === undefined || type === null || type === '') v.add(`${prefix}eventType`, messages.required('Event type'));
  else if (typeof type !== 'string' || !Object.hasOwn(sesEventStatuses, type))
    v.add(`${prefix}eventType`, messages.invalid('Event type'));

  const mail = record.mail;
  let mailTimestamp: Date | undefined;
  if (mail === undefined || mail === null) v.add(`${prefix}mail`, messages.required('Mail'));
  else if (!isObject(mail)) v.add(`${prefix}mail`, messages.invalid('Mail'));
  else {
    v.string(`${prefix}mail.messageId`, mail.messageId, { label: 'Message ID', required: true, maxLength: 998 });
    mailTimestamp = readTime(v, `${prefix}mail.timestamp`, mail.timestamp, true);
    if (mail.headers !== undefined && !Array.isArray(mail.headers))
      v.add(`${prefix}mail.headers`, messages.invalid('Headers'));
    if (mail.tags !== undefined && !isObject(mail.tags)) v.add(`${prefix}mail.tags`, messages.invalid('Tags'));
  }

  let details: JsonObject = {};
  let detailTimestamp: Date | undefined;
  if (typeof type === 'string' && Object.hasOwn(sesEventStatuses, type)) {
    const key = detailKeys[type as SesEventType];
    const value = record[key];
    if (value !== undefined && value !== null && !isObject(value))
      v.add(`${prefix}${key}`, messages.invalid('Details'));
    else if (isObject(value)) {
      details = value;
      detailTimestamp = readTime(v, `${prefix}${key}.timestamp`, value.timestamp, false);
    }
  }
  if (v.all.length > before) return undefined;

  const eventType = type as SesEventType;
  const mailObject = mail as JsonObject;
  const headers = readHeaders(mailObject.headers);
  const commonHeaders = isObject(mailObject.commonHeaders) ? mailObject.commonHeaders : {};
  const providerMessageIds = unique(
    [mailObject.messageId, headers.get('message-id'), commonHeaders.messageId]
      .filter((id): id is string => typeof id === 'string')
      .map(stripBrackets)
      .filter((id) => id !== ''),
  );
  return {
    eventId:
      providerEventId(eventType, details) ?? `sha256:${createHash('sha256').update(stableJson(record)).digest('hex')}`,
    status: sesEventStatuses[eventType],
    occurredAt: detailTimestamp ?? mailTimestamp!,
    detail: describe(eventType, details).slice(0, 200),
    kassaMessageId: ourMessageId(mailObject.tags, headers),
    providerMessageIds,
  };
}

function readTime(v: Violations, field: string, value: unknown, required: boolean): Date | undefined {
  if (value === undefined || value === null || value === '') {
    if (required) v.add(field, messages.required('Timestamp'));
    return undefined;
  }
  const time = typeof value === 'string' ? new Date(value) : undefined;
  if (!time || Number.isNaN(time.getTime())) {
    v.add(field, messages.invalid('Timestamp'));
    return undefined;
  }
  return time;
}

/** Header names lower-cased; the first value of each. SES lists them as { name, value } pairs. */
function readHeaders(value: Json | undefined): Map<string, string> {
  const headers = new Map<string, string>();
  if (!Array.isArray(value)) return headers;
  for (const header of value) {
    if (isObject(header) && typeof header.name === 'string' && typeof header.value === 'string') {
      const name = header.name.toLowerCase();
      if (!headers.has(name)) headers.set(name, header.value);
    }
  }
  return headers;
}

function ourMessageId(tags: Json | undefined, headers: Map<string, string>): string | undefined {
  const tagged = isObject(tags) ? tags[KASSA_MESSAGE_ID_TAG] : undefined;
  const fromTag = Array.isArray(tagged) ? tagged[0] : tagged;
  for (const candidate of [fromTag, headers.get(KASSA_MESSAGE_ID_HEADER.toLowerCase())]) {
    if (typeof candidate === 'string' && messageIdPattern.test(candidate.trim())) return candidate.trim();
  }
  return undefined;
}

/** Bounces and complaints carry the provider's own feedback id; the other types have none. */
function providerEventId(type: SesEventType, details: JsonObject): string | undefined {
  const feedbackId = details.feedbackId;
  if ((type === 'Bounce' || type === 'Complaint') && typeof feedbackId === 'string' && feedbackId.trim() !== '') {
    return `ses:${type.toLowerCase()}:${feedbackId.trim()}`;
  }
  return undefined;
}

const text = (value: Json | undefined): string => (typeof value === 'string' ? value.trim() : '');

/** The history's detail per type. Opens and clicks say nothing about the reader (no IP, no user agent). */
function describe(type: SesEventType, details: JsonObject): string {
  switch (type) {
    case 'Bounce': {
      const kind = [text(details.bounceType), text(details.bounceSubType)].filter(Boolean).join('/');
      const recipients = Array.isArray(details.bouncedRecipients) ? details.bouncedRecipients : [];
      const first = recipients.find(isObject);
      const diagnostic = first ? text(first.diagnosticCode) || text(first.status) : '';
      return [kind, diagnostic].filter(Boolean).join(': ');
    }
    case 'Complaint':
      return text(details.complaintFeedbackType) || text(details.complaintSubType);
    case 'Delivery':
      return text(details.smtpResponse);
    case 'Reject':
      return text(details.reason);
    case 'Click':
      return linkWithoutQuery(text(details.link));
    case 'Rendering Failure':
      return text(details.errorMessage);
    case 'DeliveryDelay':
      return text(details.delayType);
    case 'Subscription':
      return text(details.source);
    case 'Send':
    case 'Open':
      return '';
  }
}

/** Query strings and fragments can carry tokens; the history keeps where the link went, not what it carried. */
function linkWithoutQuery(link: string): string {
  try {
    const url = new URL(link);
    return `${url.origin}${url.pathname}`;
  } catch {
    return '';
  }
}

function stripBrackets(id: string): string {
  return id
    .trim()
    .replace(/^<(.*)>$/, '$1')
    .trim();
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** JSON with object keys sorted at every depth, so equal records hash alike whatever order their keys came in. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
