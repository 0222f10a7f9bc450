import { randomBytes } from 'node:crypto';
import { newAccessKey, newId } from '@kassa/platform/ids';
import { ensureStream } from '@kassa/platform/messaging';
import { startSmtpSink, type SinkMessage, type SmtpSink } from '@kassa/platform/testing';
import { OrderChanged } from '@kassa/proto/ordering/events/v1/events';
import { formatAmount } from '../../src/domain/order-refund-notice';
import { ORDER_NOTICES_DURABLE } from '../../src/events/order-notices.consumer';
import { ORDER_REFUNDED_DURABLE } from '../../src/events/order-refunded.consumer';
import { ORDERING_STREAM } from '../../src/events/subjects';
import { eventually, messageRowsFor, startHarness, type Harness } from './notifications-harness';

jest.setTimeout(60_000);

let sink: SmtpSink;
let harness: Harness;

beforeAll(async () => {
  sink = await startSmtpSink();
  // notifications starts first: ordering's stream does not exist yet (the first test creates it, as ordering would).
  harness = await startHarness({ smtpUrl: `smtp://127.0.0.1:${sink.port}`, label: 'refund', streamRetryMs: 100 });
});

afterAll(async () => {
  await harness?.close();
  await sink?.stop();
});

const durable = () => harness.namespace.durable(ORDER_REFUNDED_DURABLE);
/** The consumer of the payment failures, expiries and cancellations (several subjects: one consumer per subject). */
const noticeConsumersIdle = async () => {
  const stream = harness.namespace.stream(ORDERING_STREAM);
  const prefix = harness.namespace.durable(ORDER_NOTICES_DURABLE);
  const consumers = await harness.nats.jsm.consumers.list(stream).next();
  const ours = consumers.filter((info) => info.name.startsWith(prefix));
  return ours.length > 0 && ours.every((info) => info.num_pending === 0 && info.num_ack_pending === 0);
};

/** ordering's stream in this test's namespace, with ordering's definition (services/ordering ORDERING_STREAM). */
const ensureOrderingStream = () =>
  ensureStream(harness.nats.jsm, {
    name: harness.namespace.stream(ORDERING_STREAM),
    subjects: [harness.namespace.subject('kassa.ordering.>')],
  });

interface RefundFields {
  reason: string;
  amountMinor: number;
  cancelsOrder?: boolean;
  locale?: string;
  status?: string;
  currency?: string;
}

const orderNumber = () => {
  const chars = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  const pick = () => chars[randomBytes(1)[0]! % chars.length];
  return `${Array.from({ length: 4 }, pick).join('')}-${Array.from({ length: 4 }, pick).join('')}`;
};

/** An OrderChanged "refunded" as ordering publishes it: the whole order after the change, and the refund that succeeded. */
function refundedEvent(fields: RefundFields, order?: OrderChanged['order']): OrderChanged {
  const id = order?.id ?? newId('ord');
  return OrderChanged.fromPartial({
    order: order ?? {
      id,
      number: orderNumber(),
      organisationId: newId('org'),
      shopId: newId('shp'),
      status: fields.reason === 'late_payment' ? 'expired' : fields.reason === 'order_canceled' ? 'canceled' : 'paid',
      lines: [
        {
          itemId: newId('itm'),
          ticketOptionId: newId('tko'),
          eventIds: [newId('evt')],
          name: 'Regular',
          quantity: 2,
          unitPriceMinor: 2500,
          subtotalMinor: 5000,
          totalMinor: 5000,
        },
      ],
      money: {
        currency: fields.currency ?? 'EUR',
        subtotalMinor: 5000,
        totalMinor: 5000,
        refundedMinor: fields.amountMinor,
      },
      email: `guest-${randomBytes(4).toString('hex')}@example.com`,
      createdAt: new Date(),
      updatedAt: new Date(),
      outcome: fields.reason === 'late_payment' ? 'late_payment_refunded' : '',
      locale: fields.locale ?? 'en',
      ticketCount: 2,
    },
    change: 'refunded',
    actorUserId: '',
    guestAccessKey: newAccessKey(),
    occurredAt: new Date(),
    version: 4,
    refund: {
      id: newId('ref'),
      amountMinor: fields.amountMinor,
      status: fields.status ?? 'succeeded',
      reason: fields.reason,
      requestedBy: '',
      requestedAt: new Date(),
      completedAt: new Date(),
      cancelsOrder: fields.cancelsOrder ?? false,
    },
  });
}

/** Publishes like ordering's outbox relay: the row id as Nats-Msg-Id (a new one unless given). */
async function publish(event: OrderChanged, msgId = newId('obx')): Promise<void> {
  await harness.nats.js.publish(
    harness.namespace.subject(`kassa.ordering.order.${event.change}`),
    OrderChanged.encode(event).finish(),
    { msgID: msgId },
  );
}

const mailsTo = (email: string): SinkMessage[] => sink.messages.filter((message) => message.to.includes(email));
const flat = (text: string) => text.replace(/\s*\n\s*/g, ' ');

/** Everything published so far was handled and every recorded message went out (or gave up). */
async function settled(): Promise<void> {
  await eventually(
    () => harness.nats.jsm.consumers.info(harness.namespace.stream(ORDERING_STREAM), durable()),
    (info) => info.num_pending === 0 && info.num_ack_pending === 0,
  );
  await eventually(noticeConsumersIdle, (idle) => idle);
  await eventually(
    async () =>
      harness.orm.em
        .fork()
        .getConnection()
        .execute<{ n: string }[]>("select count(*) as n from email_message where status = 'created'"),
    ([row]) => Number(row!.n) === 0,
  );
  // A mail handed to SMTP reaches the sink a moment later.
  await new Promise((resolve) => setTimeout(resolve, 300));
}

describe('refunds of orders', () => {
  it('are told even when notifications started before ordering had created its stream', async () => {
    // Started in beforeAll, and waiting: neither the stream nor the consumer exists.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await expect(harness.nats.jsm.streams.info(harness.namespace.stream(ORDERING_STREAM))).rejects.toThrow();

    await ensureOrderingStream();
    const event = refundedEvent({ reason: 'late_payment', amountMinor: 5000 });
    await publish(event);

    const mail = await sink.waitForMessage((message) => message.to.includes(event.order!.email), 15_000);
    expect(mail.subject).toBe(`Your payment for order ${event.order!.number} has been refunded`);
    expect(flat(mail.text)).toContain(
      `Your payment came in after your reservation had ended and the tickets were no longer available, so we have refunded it in full: €50.00 for order ${event.order!.number}.`,
    );
    expect(flat(mail.text)).toContain('It can take a few days before the refund shows on your bank or card statement.');
    expect(mail.text).toContain(
      `${harness.config.PUBLIC_BASE_URL}/order/${event.order!.id}?key=${event.guestAccessKey}`,
    );

    const rows = await eventually(
      () => messageRowsFor(harness.orm, event.order!.id),
      (found) => found[0]?.status === 'send',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      template: 'order-refunded',
      subject_ref: event.order!.id,
      dedupe_key: `order-refunded-${event.refund!.id}`,
      recipient: event.order!.email,
      locale: 'en',
      subject: mail.subject,
      sealed_payload: null,
    });
    await settled();
    expect(mailsTo(event.order!.email)).toHaveLength(1);
  });

  it('send one e-mail per refund with the words of its reason, in the order language and currency', async () => {
    await ensureOrderingStream();
    const full = refundedEvent({ reason: 'organiser', amountMinor: 5000, cancelsOrder: true, locale: 'nl' });
    const partial = refundedEvent({ reason: 'organiser', amountMinor: 1250, cancelsOrder: false, currency: 'USD' });
    const canceled = refundedEvent({ reason: 'order_canceled', amountMinor: 5000, locale: 'nl' });
    const duplicate = refundedEvent({ reason: 'duplicate_payment', amountMinor: 5000 });
    for (const event of [full, partial, canceled, duplicate]) await publish(event);

    const waitFor = (event: OrderChanged) =>
      sink.waitForMessage((message) => message.to.includes(event.order!.email), 15_000);
    const [fullMail, partialMail, canceledMail, duplicateMail] = await Promise.all(
      [full, partial, canceled, duplicate].map(waitFor),
    );
    const nlAmount = formatAmount(5000, 'EUR', 'nl');

    expect(fullMail!.subject).toBe(`Bestelling ${full.order!.number} is terugbetaald en geannuleerd`);
    expect(flat(fullMail!.text)).toContain(
      `De organisator heeft ${nlAmount} van bestelling ${full.order!.number} terugbetaald.`,
    );
    expect(flat(fullMail!.text)).toContain('De bestelling is geannuleerd en de tickets zijn niet meer geldig.');
    expect(fullMail!.text).toContain(
      `${harness.config.PUBLIC_BASE_URL}/nl/order/${full.order!.id}?key=${full.guestAccessKey}`,
    );

    expect(partialMail!.subject).toBe(`Partial refund for order ${partial.order!.number}`);
    expect(flat(partialMail!.text)).toContain(`The organiser refunded US$12.50 of order ${partial.order!.number}.`);
    expect(flat(partialMail!.text)).toContain('Your tickets stay valid');

    expect(canceledMail!.subject).toBe(
      `Bestelling ${canceled.order!.number} is geannuleerd en je betaling terugbetaald`,
    );
    expect(flat(canceledMail!.text)).toContain(
      `Bestelling ${canceled.order!.number} is door de organisator geannuleerd.`,
    );
    expect(flat(canceledMail!.text)).toContain(`je betaling van ${nlAmount} volledig terugbetaald`);

    expect(duplicateMail!.subject).toBe(`You paid twice for order ${duplicate.order!.number}: we refunded one payment`);
    expect(flat(duplicateMail!.text)).toContain(
      `You paid twice for order ${duplicate.order!.number}; we refunded the second payment of €50.00.`,
    );
    expect(flat(duplicateMail!.text)).toContain('Your order is paid and stays valid');

    await settled();
    for (const event of [full, partial, canceled, duplicate]) {
      expect(mailsTo(event.order!.email)).toHaveLength(1);
      expect(await messageRowsFor(harness.orm, event.order!.id)).toHaveLength(1);
    }
  });

  it('send nothing more for a redelivered event or the same refund published again, and one more for a second refund', async () => {
    await ensureOrderingStream();
    const first = refundedEvent({ reason: 'organiser', amountMinor: 1000 });
    const msgId = newId('obx');
    await publish(first, msgId);
    await sink.waitForMessage((message) => message.to.includes(first.order!.email), 15_000);

    // ordering publishing the same refund again (another outbox row): stopped by the message's dedupe key.
    await publish(first);
    // A second partial refund of the same order is a new fact: one more e-mail.
    const second = refundedEvent({ reason: 'organiser', amountMinor: 500 }, first.order);
    await publish(second);
    await sink.waitForMessage(
      (message) => message.to.includes(first.order!.email) && message.text.includes('€5.00'),
      15_000,
    );
    await settled();
    expect(mailsTo(first.order!.email)).toHaveLength(2);

    // Real redelivery: the durable consumer is gone (an operator reset it), so a restarted notifications reads
    // ordering's whole stream again, every message with its Nats-Msg-Id: the inbox lets none through.
    const before = sink.messages.length;
    await harness.app.stop();
    await harness.nats.jsm.consumers.delete(harness.namespace.stream(ORDERING_STREAM), durable());
    await harness.restart();
    const info = await eventually(
      () =>
        harness.nats.jsm.consumers.info(harness.namespace.stream(ORDERING_STREAM), durable()).catch(() => undefined),
      (found) => found !== undefined && found.num_pending === 0 && found.num_ack_pending === 0,
    );
    expect(info!.delivered.stream_seq).toBeGreaterThanOrEqual(8);
    await settled();
    expect(sink.messages.length).toBe(before);
    const rows = await messageRowsFor(harness.orm, first.order!.id);
    expect(rows.map((row) => row.dedupe_key).sort()).toEqual(
      [`order-refunded-${first.refund!.id}`, `order-refunded-${second.refund!.id}`].sort(),
    );
  });

  it('send nothing for a refund whose reason has no e-mail, and go on with the next', async () => {
    await ensureOrderingStream();
    const unknown = refundedEvent({ reason: 'goodwill', amountMinor: 100 });
    const next = refundedEvent({ reason: 'duplicate_payment', amountMinor: 100 });
    await publish(unknown);
    await publish(next);
    await sink.waitForMessage((message) => message.to.includes(next.order!.email), 15_000);
    await settled();
    expect(mailsTo(unknown.order!.email)).toEqual([]);
    expect(await messageRowsFor(harness.orm, unknown.order!.id)).toEqual([]);
  });
});

/** An OrderChanged as ordering publishes it for an unpaid (or free) order's failure, expiry or cancellation. */
function noticeEvent(
  change: 'payment_failed' | 'expired' | 'canceled' | 'pending',
  status: string,
  fields: { locale?: string; totalMinor?: number; refundAmountMinor?: number; version?: number } = {},
): OrderChanged {
  const base = refundedEvent({
    reason: 'organiser',
    amountMinor: fields.refundAmountMinor ?? 0,
    locale: fields.locale,
  });
  const totalMinor = fields.totalMinor ?? 5000;
  return OrderChanged.fromPartial({
    ...base,
    change,
    version: fields.version ?? 3,
    order: { ...base.order!, status, money: { ...base.order!.money!, totalMinor, refundedMinor: 0 } },
    refund: fields.refundAmountMinor === undefined ? undefined : base.refund,
  });
}

describe('notices of unpaid and free orders', () => {
  it('tell the guest of a failed payment, an expired hold and a cancellation, in the order language', async () => {
    await ensureOrderingStream();
    const failed = noticeEvent('payment_failed', 'pending');
    const expired = noticeEvent('expired', 'expired', { locale: 'nl' });
    const canceled = noticeEvent('canceled', 'canceled');
    // A free order canceled by the organiser: a refund of nothing, so no refund e-mail; this notice instead.
    const freeCanceled = noticeEvent('canceled', 'canceled', { totalMinor: 0, refundAmountMinor: 0, locale: 'nl' });
    for (const event of [failed, expired, canceled, freeCanceled]) await publish(event);

    const waitFor = (event: OrderChanged) =>
      sink.waitForMessage((message) => message.to.includes(event.order!.email), 15_000);
    const [failedMail, expiredMail, canceledMail, freeMail] = await Promise.all(
      [failed, expired, canceled, freeCanceled].map(waitFor),
    );

    expect(failedMail!.subject).toBe(`Your payment for order ${failed.order!.number} did not go through`);
    expect(flat(failedMail!.text)).toContain(
      `Your payment of €50.00 for order ${failed.order!.number} failed or was aborted, so nothing was charged.`,
    );
    expect(failedMail!.text).toContain(
      `${harness.config.PUBLIC_BASE_URL}/order/${failed.order!.id}?key=${failed.guestAccessKey}`,
    );

    expect(expiredMail!.subject).toBe(`Je reservering voor bestelling ${expired.order!.number} is verlopen`);
    expect(flat(expiredMail!.text)).toContain(
      `Bestelling ${expired.order!.number} (${formatAmount(5000, 'EUR', 'nl')}) is niet op tijd betaald.`,
    );
    expect(expiredMail!.text).toContain(
      `${harness.config.PUBLIC_BASE_URL}/nl/order/${expired.order!.id}?key=${expired.guestAccessKey}`,
    );

    expect(canceledMail!.subject).toBe(`Order ${canceled.order!.number} has been canceled`);
    expect(flat(canceledMail!.text)).toContain(`The organiser canceled order ${canceled.order!.number}.`);
    expect(freeMail!.subject).toBe(`Bestelling ${freeCanceled.order!.number} is geannuleerd`);

    await settled();
    for (const event of [failed, expired, canceled, freeCanceled]) {
      expect(mailsTo(event.order!.email)).toHaveLength(1);
      const rows = await messageRowsFor(harness.orm, event.order!.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        template: 'order-notice',
        purpose: 'order-notice',
        organisation_id: event.order!.organisationId,
        dedupe_key:
          event.change === 'payment_failed'
            ? `order-notice-${event.order!.id}-payment-failed`
            : `order-notice-${event.order!.id}-v${event.version}`,
        status: 'send',
        sealed_payload: null,
      });
    }
  });

  it('send nothing for a change the guest already hears of another way, one per change however often it comes, and one failure notice per order', async () => {
    await ensureOrderingStream();
    // Paid, then a late failure report; canceled by a refund that paid money back (the refund e-mail tells it).
    const lateFailure = noticeEvent('payment_failed', 'paid');
    const refundedCancel = noticeEvent('canceled', 'canceled', { refundAmountMinor: 5000 });
    const twice = noticeEvent('payment_failed', 'reserved');
    await publish(lateFailure);
    await publish(refundedCancel);
    const msgId = newId('obx');
    await publish(twice, msgId);
    await publish(twice, msgId); // the same outbox row again: JetStream's duplicate window
    await publish(twice); // the same change as another outbox row: the dedupe key
    const same = { order: twice.order, guestAccessKey: twice.guestAccessKey };
    // A second failure of the same order: the guest is retrying already; no second e-mail.
    await publish(OrderChanged.fromPartial({ ...noticeEvent('payment_failed', 'reserved', { version: 4 }), ...same }));
    // Its hold runs out later: a new fact, one more e-mail.
    const expired = noticeEvent('expired', 'expired', { version: 5 });
    await publish(OrderChanged.fromPartial({ ...expired, ...same, order: { ...twice.order!, status: 'expired' } }));

    await eventually(
      async () => mailsTo(twice.order!.email).length,
      (count) => count >= 2,
    );
    await settled();
    expect(mailsTo(lateFailure.order!.email)).toEqual([]);
    expect(mailsTo(refundedCancel.order!.email)).toEqual([]);
    // One consumer per subject: the two may arrive in either order.
    expect(
      mailsTo(twice.order!.email)
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual([
      `Your payment for order ${twice.order!.number} did not go through`,
      `Your reservation for order ${twice.order!.number} has expired`,
    ]);
    expect((await messageRowsFor(harness.orm, twice.order!.id)).map((row) => row.dedupe_key).sort()).toEqual(
      [`order-notice-${twice.order!.id}-payment-failed`, `order-notice-${twice.order!.id}-v5`].sort(),
    );
  });
});
