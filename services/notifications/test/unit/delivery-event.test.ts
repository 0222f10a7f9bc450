import fc from 'fast-check';
import { ValidationError } from '@kassa/platform/errors';
import {
  MAX_EVENTS_PER_REQUEST,
  parseDeliveryEvents,
  SIGNATURE_TOLERANCE_SECONDS,
  sesEventStatuses,
  signDeliveryBody,
  stableJson,
  verifyDeliverySignature,
} from '../../src/domain/delivery-event';
import {
  EMAIL_DELIVERY_STATUSES,
  EMAIL_STATUSES,
  type EmailStatus,
  statusAfterReport,
  statusRank,
} from '../../src/domain/email-status';
import { reportStatus, createEmailMessage } from '../../src/domain/email-message';

const secret = 'a-webhook-secret-of-at-least-32-characters!';
const now = new Date('2027-03-01T12:00:00Z');
const unix = Math.floor(now.getTime() / 1000);
const json = (value: unknown) => Buffer.from(JSON.stringify(value));

const mail = (fields: Record<string, unknown> = {}) => ({
  timestamp: '2027-03-01T11:59:00.000Z',
  messageId: '010001-ses-id',
  source: 'no-reply@kassa.localhost',
  destination: ['guest@example.com'],
  ...fields,
});

function violationsOf(body: Buffer): { field: string; message: string }[] {
  try {
    parseDeliveryEvents(body);
  } catch (error) {
    if (error instanceof ValidationError) return error.violations;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('the delivery event signature', () => {
  it('accepts the body it signs, within five minutes either way', () => {
    const body = json({ eventType: 'Delivery' });
    expect(verifyDeliverySignature(secret, body, signDeliveryBody(secret, body, unix), now)).toBe(true);
    expect(
      verifyDeliverySignature(secret, body, signDeliveryBody(secret, body, unix - SIGNATURE_TOLERANCE_SECONDS), now),
    ).toBe(true);
    expect(
      verifyDeliverySignature(secret, body, signDeliveryBody(secret, body, unix + SIGNATURE_TOLERANCE_SECONDS), now),
    ).toBe(true);
    expect(
      verifyDeliverySignature(
        secret,
        body,
        signDeliveryBody(secret, body, unix - SIGNATURE_TOLERANCE_SECONDS - 1),
        now,
      ),
    ).toBe(false);
    expect(
      verifyDeliverySignature(
        secret,
        body,
        signDeliveryBody(secret, body, unix + SIGNATURE_TOLERANCE_SECONDS + 1),
        now,
      ),
    ).toBe(false);
  });

  it('accepts any of several v1 values (a secret being rotated) and refuses malformed headers', () => {
    const body = json([]);
    const good = signDeliveryBody(secret, body, unix);
    const goodHex = good.split('v1=')[1]!;
    expect(verifyDeliverySignature(secret, body, `t=${unix},v1=${'0'.repeat(64)},v1=${goodHex}`, now)).toBe(true);
    for (const header of [
      '',
      'garbage',
      `t=${unix}`,
      `v1=${goodHex}`,
      `t=abc,v1=${goodHex}`,
      `t=${unix},v1=${goodHex.slice(2)}`,
      `t=${unix},v0=${goodHex}`,
    ]) {
      expect(verifyDeliverySignature(secret, body, header, now)).toBe(false);
    }
  });

  it('refuses any change to the body, the time, the signature or the secret', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 0, maxLength: 300 }),
        fc.integer({ min: -SIGNATURE_TOLERANCE_SECONDS, max: SIGNATURE_TOLERANCE_SECONDS }),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (bytes, skew, position, flip) => {
          const body = Buffer.from(bytes);
          const t = unix + skew;
          const header = signDeliveryBody(secret, body, t);
          expect(verifyDeliverySignature(secret, body, header, now)).toBe(true);

          // One byte of the body changed.
          if (body.length > 0) {
            const tampered = Buffer.from(body);
            const at = position % body.length;
            tampered[at] = tampered[at]! ^ flip;
            expect(verifyDeliverySignature(secret, tampered, header, now)).toBe(false);
          }
          // A byte more or less.
          expect(verifyDeliverySignature(secret, Buffer.concat([body, Buffer.from([flip])]), header, now)).toBe(false);
          // Another time with the same signature.
          expect(verifyDeliverySignature(secret, body, header.replace(`t=${t}`, `t=${t + 1}`), now)).toBe(false);
          // One hex digit of the signature changed.
          const hex = header.split('v1=')[1]!;
          const at = position % hex.length;
          // An offset of 1..15 always lands on another digit.
          const replacement = ((parseInt(hex[at]!, 16) + 1 + (flip % 15)) % 16).toString(16);
          const forged = `${hex.slice(0, at)}${replacement}${hex.slice(at + 1)}`;
          expect(forged).not.toBe(hex);
          expect(verifyDeliverySignature(secret, body, `t=${t},v1=${forged}`, now)).toBe(false);
          // Another secret.
          expect(verifyDeliverySignature(`${secret}x`, body, header, now)).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('SES event records', () => {
  it('map every event type to the specification word', () => {
    expect(sesEventStatuses).toEqual({
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
    });
    for (const [eventType, status] of Object.entries(sesEventStatuses)) {
      const [report] = parseDeliveryEvents(json({ eventType, mail: mail() }));
      expect(report!.status).toBe(status);
      expect(EMAIL_DELIVERY_STATUSES).toContain(status);
    }
  });

  it('read the time, a short detail and every way to find the message', () => {
    const [bounce, delivery, click, open, failure] = parseDeliveryEvents(
      json([
        {
          eventType: 'Bounce',
          mail: mail({
            headers: [
              { name: 'Message-ID', value: '<msg_01jd8k6m2q3r4s5t6v7w8x9y0z@kassa.localhost>' },
              { name: 'X-Kassa-Message-Id', value: 'msg_01jd8k6m2q3r4s5t6v7w8x9y0z' },
            ],
          }),
          bounce: {
            bounceType: 'Permanent',
            bounceSubType: 'General',
            bouncedRecipients: [{ emailAddress: 'guest@example.com', diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
            timestamp: '2027-03-01T11:59:30.000Z',
            feedbackId: 'fb-0001',
          },
        },
        {
          eventType: 'Delivery',
          mail: mail({ tags: { kassaMessageId: ['msg_01jd8k6m2q3r4s5t6v7w8x9y0z'] } }),
          delivery: { timestamp: '2027-03-01T11:59:10.000Z', smtpResponse: '250 2.0.0 OK' },
        },
        {
          eventType: 'Click',
          mail: mail(),
          click: {
            timestamp: '2027-03-01T12:10:00.000Z',
            ipAddress: '192.0.2.1',
            link: 'https://kassa.example/ticket/tkt_1?utm=x&token=secret#top',
          },
        },
        {
          eventType: 'Open',
          mail: mail(),
          open: { timestamp: '2027-03-01T12:05:00.000Z', ipAddress: '192.0.2.1', userAgent: 'Mail' },
        },
        {
          eventType: 'Rendering Failure',
          mail: mail(),
          failure: { errorMessage: 'Attribute missing', templateName: 'x' },
        },
      ]),
    );
    expect(bounce).toEqual({
      eventId: 'ses:bounce:fb-0001',
      status: 'bounce',
      occurredAt: new Date('2027-03-01T11:59:30.000Z'),
      detail: 'Permanent/General: smtp; 550 5.1.1 user unknown',
      kassaMessageId: 'msg_01jd8k6m2q3r4s5t6v7w8x9y0z',
      providerMessageIds: ['010001-ses-id', 'msg_01jd8k6m2q3r4s5t6v7w8x9y0z@kassa.localhost'],
    });
    expect(delivery).toMatchObject({
      status: 'delivery',
      detail: '250 2.0.0 OK',
      kassaMessageId: 'msg_01jd8k6m2q3r4s5t6v7w8x9y0z',
      occurredAt: new Date('2027-03-01T11:59:10.000Z'),
    });
    expect(delivery!.eventId).toMatch(/^sha256:[0-9a-f]{64}$/);
    // Opens and clicks keep no IP, no user agent, no query string.
    expect(click).toMatchObject({ status: 'click', detail: 'https://kassa.example/ticket/tkt_1' });
    expect(open).toMatchObject({ status: 'opened', detail: '', kassaMessageId: undefined });
    expect(JSON.stringify([click, open])).not.toContain('192.0.2.1');
    // Without its own time, an event happened when the mail was sent.
    expect(failure).toMatchObject({
      status: 'renderingFailure',
      detail: 'Attribute missing',
      occurredAt: new Date('2027-03-01T11:59:00.000Z'),
    });
  });

  it('are identified by their content when the provider gives no id: the same record twice is one event', () => {
    const record = {
      eventType: 'Delivery',
      mail: mail(),
      delivery: { timestamp: '2027-03-01T11:59:10.000Z', smtpResponse: '250 OK' },
    };
    const reordered = {
      delivery: { smtpResponse: '250 OK', timestamp: '2027-03-01T11:59:10.000Z' },
      mail: mail(),
      eventType: 'Delivery',
    };
    const [a] = parseDeliveryEvents(json(record));
    const [b] = parseDeliveryEvents(json(reordered));
    const [c] = parseDeliveryEvents(
      json({ ...record, delivery: { ...record.delivery, timestamp: '2027-03-01T11:59:11.000Z' } }),
    );
    expect(a!.eventId).toBe(b!.eventId);
    expect(c!.eventId).not.toBe(a!.eventId);
  });

  it('hash differently whenever the record differs', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (x, y) => {
        fc.pre(stableJson(x) !== stableJson(y));
        const [a] = parseDeliveryEvents(json({ eventType: 'Open', mail: mail(), open: {}, extra: x }));
        const [b] = parseDeliveryEvents(json({ eventType: 'Open', mail: mail(), open: {}, extra: y }));
        expect(a!.eventId).not.toBe(b!.eventId);
      }),
      { numRuns: 200 },
    );
  });

  it('are refused whole, naming every bad field, when one record is wrong', () => {
    expect(violationsOf(Buffer.alloc(0))).toEqual([{ field: 'rawBody', message: 'Body is required' }]);
    expect(violationsOf(Buffer.from('{not json'))).toEqual([{ field: 'rawBody', message: 'Body is invalid' }]);
    expect(violationsOf(json([]))).toEqual([{ field: 'rawBody', message: 'Events must not be empty' }]);
    expect(
      violationsOf(
        json(Array.from({ length: MAX_EVENTS_PER_REQUEST + 1 }, () => ({ eventType: 'Send', mail: mail() }))),
      ),
    ).toEqual([{ field: 'rawBody', message: 'Events is too long' }]);
    expect(violationsOf(json('text'))).toEqual([{ field: 'rawBody', message: 'Event is invalid' }]);
    expect(violationsOf(json({ mail: mail() }))).toEqual([{ field: 'eventType', message: 'Event type is required' }]);
    expect(
      violationsOf(
        json([
          { eventType: 'Delivery', mail: mail() },
          { eventType: 'Delivered', mail: { timestamp: 'yesterday' } },
          { eventType: 'Bounce', bounce: 'hard' },
          7,
        ]),
      ),
    ).toEqual([
      { field: '1.eventType', message: 'Event type is invalid' },
      { field: '1.mail.messageId', message: 'Message ID is required' },
      { field: '1.mail.timestamp', message: 'Timestamp is invalid' },
      { field: '2.mail', message: 'Mail is required' },
      { field: '2.bounce', message: 'Details is invalid' },
      { field: '3', message: 'Event is invalid' },
    ]);
  });

  it('either parse or are refused with a ValidationError, whatever JSON arrives', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        try {
          const reports = parseDeliveryEvents(json(value));
          for (const report of reports) expect(EMAIL_DELIVERY_STATUSES).toContain(report.status);
        } catch (error) {
          expect(error).toBeInstanceOf(ValidationError);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('the current status under delivery reports', () => {
  it('never goes back: a late send after a delivery or a bounce changes nothing', () => {
    expect(statusAfterReport('delivery', 'send')).toBe('delivery');
    expect(statusAfterReport('bounce', 'send')).toBe('bounce');
    expect(statusAfterReport('bounce', 'delivery')).toBe('bounce');
    expect(statusAfterReport('send', 'delivery')).toBe('delivery');
    expect(statusAfterReport('delivery', 'bounce')).toBe('bounce');
    expect(statusAfterReport('opened', 'complaint')).toBe('complaint');
    expect(statusAfterReport('created', 'send')).toBe('send');
  });

  it('ends at the same status whatever order the reports arrive in, and that is the highest ranked one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...EMAIL_DELIVERY_STATUSES), { minLength: 1, maxLength: 12 }),
        fc.func(fc.integer()),
        (reports, key) => {
          const shuffled = [...reports].sort((a, b) => key(a) - key(b));
          const final = (list: typeof reports) =>
            list.reduce<EmailStatus>((status, reported) => statusAfterReport(status, reported), 'send');
          expect(final(reports)).toBe(final(shuffled));
          const highest = [...reports, 'send' as const].reduce((a, b) => (statusRank(a) >= statusRank(b) ? a : b));
          expect(final(reports)).toBe(highest);
        },
      ),
    );
    expect(new Set(EMAIL_STATUSES.map(statusRank)).size).toBe(EMAIL_STATUSES.length);
  });

  it('records every report in the history and ends the created state of a message the provider was quicker about', () => {
    const message = createEmailMessage({
      id: 'msg_01jbx0000000000000000000aa',
      template: 'order-confirmation',
      recipient: 'guest@example.com',
      locale: 'en',
      subject: 'Your tickets',
      subjectRef: 'ord_01jbx0000000000000000000aa',
      sealedPayload: 'sealed',
      now,
    });
    const first = reportStatus(message, 'delivery', now, '250 OK', now);
    expect(first).toEqual({ change: { status: 'delivery', occurredAt: now, detail: '250 OK' }, statusChanged: true });
    expect(message).toMatchObject({ status: 'delivery', sealedPayload: null });
    const late = reportStatus(message, 'send', now, '', now);
    expect(late).toEqual({ change: { status: 'send', occurredAt: now, detail: '' }, statusChanged: false });
    expect(message.status).toBe('delivery');
  });
});
