import { randomBytes } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { openString, parseKey } from '@kassa/platform/crypto';
import { createGrpcClient, GrpcCallError, type PromiseClient, status } from '@kassa/platform/grpc';
import { newId } from '@kassa/platform/ids';
import type { Telemetry } from '@kassa/platform/telemetry';
import { ensureStream } from '@kassa/platform/messaging';
import {
  createIdentityDriver,
  type IdentityDriver,
  type IdentityProcess,
  type SinkMessage,
  type SmtpSink,
  startIdentityProcess,
  startSmtpSink,
  uniqueName,
  testCallerKey,
  testCallerKeyText,
} from '@kassa/platform/testing';
import {
  NotificationsServiceClient,
  type NotificationsServiceService,
} from '@kassa/proto/notifications/v1/notifications';
import { OrderChanged } from '@kassa/proto/ordering/events/v1/events';
import { TicketsIssued, TicketsVoided } from '@kassa/proto/ticketing/events/v1/events';
import { qrContentId, qrImageName, ticketsPdfName } from '../../src/domain/order-confirmation';
import { TICKETS_ISSUED_DURABLE } from '../../src/events/tickets-issued.consumer';
import { TICKETS_VOIDED_DURABLE } from '../../src/events/tickets-voided.consumer';
import { ORDERING_STREAM, subjects, TICKETING_STREAM } from '../../src/events/subjects';
import { metricValue, startTestTelemetry } from '@kassa/platform/testing';
import { ticketsIssuedEvent } from '../fixtures/tickets-issued';
import { eventually, messageRowsFor, startHarness, type Harness } from './notifications-harness';

jest.setTimeout(120_000);

let sink: SmtpSink;
let harness: Harness;
let telemetry: Telemetry;
let identityProcess: IdentityProcess;
let identity: IdentityDriver;
let client: PromiseClient<typeof NotificationsServiceService>;
/**
 * The owner of the organisation whose orders these are, a colleague who may only view orders, one who may only scan,
 * and the owner of another organisation.
 */
const people = { owner: '', viewer: '', scanner: '', outsider: '' };
let organisationId = '';
let otherOrganisationId = '';

beforeAll(async () => {
  telemetry = startTestTelemetry('notifications-test');
  sink = await startSmtpSink();
  const identityNamespace = uniqueName('tid')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  const identitySealingKey = randomBytes(32).toString('base64url');
  identityProcess = await startIdentityProcess({
    namespace: identityNamespace,
    sealingKey: identitySealingKey,
    callerRoot: testCallerKeyText,
  });
  identity = await createIdentityDriver({
    grpcAddress: identityProcess.grpcAddress,
    namespace: identityNamespace,
    sealingKey: identitySealingKey,
    callerKey: testCallerKey,
  });
  // notifications starts before ticketing has created its stream (the first test checks that it waits).
  harness = await startHarness({
    smtpUrl: `smtp://127.0.0.1:${sink.port}`,
    label: 'confirm',
    streamRetryMs: 100,
    identityAddress: identityProcess.grpcAddress,
  });
  client = createGrpcClient(NotificationsServiceClient, `127.0.0.1:${harness.app.grpcPort}`, {
    callerKey: testCallerKey,
  });

  const tag = randomBytes(4).toString('hex');
  people.owner = (await identity.signUp(`owner-${tag}@example.com`, 'Olga Owner')).userId;
  organisationId = await identity.createOrganisation(people.owner, 'Summer Events');
  people.viewer = (
    await identity.addMember(organisationId, people.owner, `viewer-${tag}@example.com`, ['orders.view'])
  ).userId;
  people.scanner = (
    await identity.addMember(organisationId, people.owner, `scanner-${tag}@example.com`, ['checkin'])
  ).userId;
  people.outsider = (await identity.signUp(`outsider-${tag}@example.com`, 'Otto Outsider')).userId;
  otherOrganisationId = await identity.createOrganisation(people.outsider, 'Other Events');
});

afterAll(async () => {
  client?.close();
  await harness?.close();
  await identity?.close();
  await identityProcess?.stop();
  await sink?.stop();
  await telemetry?.shutdown();
});

/** The order confirmations handed to SMTP, and those of them that completed the checkout funnel. */
const confirmationMetrics = async () => ({
  sent: await metricValue('kassa_emails_total', { kind: 'order_confirmation', outcome: 'sent' }),
  failed: await metricValue('kassa_emails_total', { kind: 'order_confirmation', outcome: 'failed' }),
  emailSent: await metricValue('kassa_checkout_funnel_total', { stage: 'email_sent' }),
});

/** ticketing's stream in this test's namespace, with ticketing's definition (every kassa.ticketing subject). */
const ensureTicketingStream = () =>
  ensureStream(harness.nats.jsm, {
    name: harness.namespace.stream(TICKETING_STREAM),
    subjects: [harness.namespace.subject('kassa.ticketing.>')],
  });

/** Publishes like ticketing's outbox relay: the row id as Nats-Msg-Id (a new one unless given). */
async function publishIssued(event: TicketsIssued, msgId = newId('obx')): Promise<{ duplicate: boolean }> {
  const ack = await harness.nats.js.publish(
    harness.namespace.subject(subjects.ticketsIssued),
    TicketsIssued.encode(event).finish(),
    { msgID: msgId },
  );
  return { duplicate: ack.duplicate };
}

async function publishVoided(event: TicketsIssued, occurredAt: Date): Promise<void> {
  const voided: TicketsVoided = {
    orderId: event.order!.id,
    organisationId: event.order!.organisationId,
    ticketIds: event.tickets.map((ticket) => ticket.id),
    reason: 'refunded',
    occurredAt,
  };
  await harness.nats.js.publish(
    harness.namespace.subject(subjects.ticketsVoided),
    TicketsVoided.encode(voided).finish(),
    { msgID: newId('obx') },
  );
}

const mailsTo = (email: string): SinkMessage[] => sink.messages.filter((message) => message.to.includes(email));

/** Both ticketing consumers are idle, every recorded message went out, and the sink had time to receive it. */
async function settled(): Promise<void> {
  for (const durable of [TICKETS_ISSUED_DURABLE, TICKETS_VOIDED_DURABLE]) {
    await eventually(
      () =>
        harness.nats.jsm.consumers
          .info(harness.namespace.stream(TICKETING_STREAM), harness.namespace.durable(durable))
          .catch(() => undefined),
      (info) => info !== undefined && info.num_pending === 0 && info.num_ack_pending === 0,
      20_000,
    );
  }
  await eventually(
    async () =>
      harness.orm.em
        .fork()
        .getConnection()
        .execute<{ n: string }[]>("select count(*) as n from email_message where status = 'created'"),
    ([row]) => Number(row!.n) === 0,
    20_000,
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
}

async function callError(promise: Promise<unknown>): Promise<GrpcCallError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GrpcCallError);
  return error as GrpcCallError;
}

const as = (userId: string) => ({ actorUserId: userId });

/** When the order's void was recorded; null while none was. */
async function voidedAt(orderId: string): Promise<Date | null> {
  const [row] = await harness.orm.em
    .fork()
    .getConnection()
    .execute<{ voided_at: Date | null }[]>('select voided_at from order_confirmation where order_id = ?', [orderId]);
  return row?.voided_at ?? null;
}

/** The first order, issued in the first test; the others build on it. */
let first: TicketsIssued;

describe('the order confirmation', () => {
  it('is e-mailed once per order, with a QR image per ticket and the PDF, even when the event comes again', async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(harness.nats.jsm.streams.info(harness.namespace.stream(TICKETING_STREAM))).rejects.toThrow();
    await ensureTicketingStream();

    first = ticketsIssuedEvent({ organisationId, locale: 'en' });
    const order = first.order!;
    const metricsBefore = await confirmationMetrics();
    const msgId = newId('obx');
    await publishIssued(first, msgId);
    const mail = await sink.waitForMessage((message) => message.to.includes(order.email), 30_000);

    expect(mail.subject).toBe(`Your tickets for Summer Concert in the Park and 1 more event — order ${order.number}`);
    for (const ticket of first.tickets) {
      expect(mail.text).toContain(ticket.reference);
      expect(mail.text).toContain(`${harness.config.PUBLIC_BASE_URL}/ticket/${ticket.id}?key=${ticket.accessKey}`);
      // The parser resolves each cid: link to its inline part; an image with no matching part would keep "cid:".
      expect(mail.html).toMatch(
        new RegExp(`alt="QR code of ticket ${ticket.reference}"[^>]*src="data:image/png;base64,`),
      );
      const image = mail.attachments.find((attachment) => attachment.filename === qrImageName(ticket));
      expect(image?.contentType).toBe('image/png');
      expect(image!.content.subarray(1, 4).toString('ascii')).toBe('PNG');
    }
    expect(mail.text).toContain(`${harness.config.PUBLIC_BASE_URL}/order/${order.id}?key=${first.orderAccessKey}`);
    expect(mail.html).not.toContain('cid:');
    const inline = mail.raw.attachments
      .filter((attachment) => attachment.contentDisposition === 'inline')
      .map((attachment) => attachment.cid);
    expect(inline.sort()).toEqual(first.tickets.map(qrContentId).sort());
    const pdf = mail.attachments.find((attachment) => attachment.filename === ticketsPdfName(order.number));
    expect(pdf?.contentType).toBe('application/pdf');
    expect((await PDFDocument.load(pdf!.content)).getPageCount()).toBe(first.tickets.length);

    // The same outbox row again (dropped by JetStream), and the same order published as another row (dedupe key).
    expect(await publishIssued(first, msgId)).toEqual({ duplicate: true });
    await publishIssued(first);
    await settled();
    expect(mailsTo(order.email)).toHaveLength(1);

    // Real redelivery: the durable consumer is reset, so a restarted notifications reads the whole stream again.
    await harness.app.stop();
    await harness.nats.jsm.consumers.delete(
      harness.namespace.stream(TICKETING_STREAM),
      harness.namespace.durable(TICKETS_ISSUED_DURABLE),
    );
    await harness.restart();
    client.close();
    client = createGrpcClient(NotificationsServiceClient, `127.0.0.1:${harness.app.grpcPort}`, {
      callerKey: testCallerKey,
    });
    await settled();
    expect(mailsTo(order.email)).toHaveLength(1);
    expect(await confirmationMetrics()).toEqual({
      ...metricsBefore,
      sent: metricsBefore.sent + 1,
      emailSent: metricsBefore.emailSent + 1,
    });

    const rows = await messageRowsFor(harness.orm, order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      template: 'order-confirmation',
      purpose: 'confirmation',
      organisation_id: organisationId,
      dedupe_key: `order-confirmation-${order.id}`,
      recipient: order.email,
      status: 'send',
      subject: mail.subject,
      sealed_payload: null,
      attachments: mail.attachments.map((attachment) => attachment.filename),
    });
    // Our id travels in the mail, and the Message-ID it went out with is recorded for the provider's events.
    expect(mail.headers['x-kassa-message-id']).toBe(rows[0]!.id);
    expect(mail.headers['message-id']).toBe(`<${rows[0]!.provider_message_id}>`);

    // Kept for a resend, sealed: neither the address nor a code is readable at rest.
    const [kept] = await harness.orm.em
      .fork()
      .getConnection()
      .execute<{ sealed_snapshot: string; organisation_id: string }[]>(
        'select sealed_snapshot, organisation_id from order_confirmation where order_id = ?',
        [order.id],
      );
    expect(kept!.organisation_id).toBe(organisationId);
    expect(kept!.sealed_snapshot).not.toContain(order.email);
    for (const ticket of first.tickets) expect(kept!.sealed_snapshot).not.toContain(ticket.code);
    const snapshot = JSON.parse(openString(parseKey(harness.config.KASSA_SEALING_KEY), kept!.sealed_snapshot));
    expect(snapshot.email).toBe(order.email);
    expect(snapshot.payload.tickets.map((ticket: { code: string }) => ticket.code)).toEqual(
      first.tickets.map((ticket) => ticket.code),
    );
  });

  it('is in Dutch for a Dutch order', async () => {
    const event = ticketsIssuedEvent({ organisationId, locale: 'nl' });
    await publishIssued(event);
    const mail = await sink.waitForMessage((message) => message.to.includes(event.order!.email), 30_000);
    expect(mail.subject).toBe(
      `Je tickets voor Summer Concert in the Park en nog 1 evenement — bestelling ${event.order!.number}`,
    );
    expect(mail.text).toContain('Hier zijn je tickets'.toUpperCase());
    expect(mail.text).toContain(
      `${harness.config.PUBLIC_BASE_URL}/nl/ticket/${event.tickets[0]!.id}?key=${event.tickets[0]!.accessKey}`,
    );
  });
});

describe('ListOrderMessages', () => {
  it("lists the order's mails of the organisation, refunds included, with their history", async () => {
    // A partial refund of the same order: ordering's event, e-mailed and listed with the order.
    await ensureStream(harness.nats.jsm, {
      name: harness.namespace.stream(ORDERING_STREAM),
      subjects: [harness.namespace.subject('kassa.ordering.>')],
    });
    const refund = OrderChanged.fromPartial({
      order: { ...first.order!, status: 'paid' },
      change: 'refunded',
      occurredAt: new Date(),
      version: 5,
      refund: {
        id: newId('ref'),
        amountMinor: 500,
        status: 'succeeded',
        reason: 'organiser',
        cancelsOrder: false,
        requestedAt: new Date(),
        completedAt: new Date(),
      },
    });
    await harness.nats.js.publish(
      harness.namespace.subject(subjects.orderRefunded),
      OrderChanged.encode(refund).finish(),
      { msgID: newId('obx') },
    );
    await sink.waitForMessage(
      (message) => message.to.includes(first.order!.email) && message.subject.includes('Partial refund'),
      30_000,
    );
    await eventually(
      () => messageRowsFor(harness.orm, first.order!.id),
      (rows) => rows.every((row) => row.status === 'send') && rows.length === 2,
    );

    const { messages } = await client.listOrderMessages(
      { organisationId, orderId: first.order!.id },
      as(people.viewer),
    );
    expect(messages.map((message) => [message.purpose, message.template, message.status])).toEqual([
      ['refund', 'order-refunded', 'send'],
      ['confirmation', 'order-confirmation', 'send'],
    ]);
    const confirmation = messages[1]!;
    expect(confirmation).toMatchObject({ organisationId, subjectRef: first.order!.id, recipient: first.order!.email });
    expect(confirmation.attachments).toEqual([...first.tickets.map(qrImageName), ticketsPdfName(first.order!.number)]);
    expect(confirmation.history.map((change) => change.status)).toEqual(['send']);
  });

  it('shows another organisation nothing, an outsider NOT_FOUND, a member without orders.view PERMISSION_DENIED', async () => {
    expect(
      await client.listOrderMessages(
        { organisationId: otherOrganisationId, orderId: first.order!.id },
        as(people.outsider),
      ),
    ).toEqual({ messages: [] });
    expect(
      (await callError(client.listOrderMessages({ organisationId, orderId: first.order!.id }, as(people.outsider))))
        .code,
    ).toBe(status.NOT_FOUND);
    expect(
      (await callError(client.listOrderMessages({ organisationId, orderId: first.order!.id }, as(people.scanner))))
        .code,
    ).toBe(status.PERMISSION_DENIED);
    expect((await callError(client.listOrderMessages({ organisationId, orderId: first.order!.id }))).code).toBe(
      status.UNAUTHENTICATED,
    );
    const invalid = await callError(
      client.listOrderMessages({ organisationId: 'org_x', orderId: 'nope' }, as(people.owner)),
    );
    expect(invalid.code).toBe(status.INVALID_ARGUMENT);
    expect(invalid.violations).toEqual([
      { field: 'organisationId', message: 'ID is invalid' },
      { field: 'orderId', message: 'ID is invalid' },
    ]);
  });
});

describe('ResendOrderConfirmation', () => {
  it('sends the confirmation again as a new message, once per idempotency key', async () => {
    const order = first.order!;
    const key = `resend-${randomBytes(6).toString('hex')}`;
    const before = mailsTo(order.email).length;
    const metricsBefore = await confirmationMetrics();
    const resent = await client.resendOrderConfirmation(
      { organisationId, orderId: order.id, idempotencyKey: key },
      as(people.owner),
    );
    expect(resent.created).toBe(true);
    expect(resent.message).toMatchObject({
      purpose: 'resend',
      template: 'order-confirmation',
      status: 'notSent',
      organisationId,
      recipient: order.email,
      history: [],
    });

    const again = await client.resendOrderConfirmation(
      { organisationId, orderId: order.id, idempotencyKey: key },
      as(people.owner),
    );
    expect(again.created).toBe(false);
    expect(again.message!.id).toBe(resent.message!.id);

    await settled();
    const mails = mailsTo(order.email);
    expect(mails).toHaveLength(before + 1);
    // Handed to SMTP like any confirmation, but a resend is not the order's way through the funnel.
    expect(await confirmationMetrics()).toEqual({ ...metricsBefore, sent: metricsBefore.sent + 1 });
    const mail = mails.find((candidate) => candidate.headers['x-kassa-message-id'] === resent.message!.id)!;
    expect(mail.subject).toBe(`Your tickets for Summer Concert in the Park and 1 more event — order ${order.number}`);
    for (const ticket of first.tickets) expect(mail.text).toContain(ticket.reference);
    expect(mail.attachments.map((attachment) => attachment.filename)).toContain(ticketsPdfName(order.number));

    // Another key is another click: another message.
    const second = await client.resendOrderConfirmation(
      { organisationId, orderId: order.id, idempotencyKey: `${key}-2` },
      as(people.owner),
    );
    expect(second.created).toBe(true);
    await settled();
    const { messages } = await client.listOrderMessages({ organisationId, orderId: order.id }, as(people.owner));
    expect(messages.map((message) => message.purpose)).toEqual(['resend', 'resend', 'refund', 'confirmation']);
    expect(messages.every((message) => message.status === 'send')).toBe(true);
  });

  it('needs orders.manage and the order of the organisation, and a valid key', async () => {
    const request = { organisationId, orderId: first.order!.id, idempotencyKey: 'resend-permissions' };
    expect((await callError(client.resendOrderConfirmation(request, as(people.viewer)))).code).toBe(
      status.PERMISSION_DENIED,
    );
    expect((await callError(client.resendOrderConfirmation(request, as(people.outsider)))).code).toBe(status.NOT_FOUND);
    expect(
      (
        await callError(
          client.resendOrderConfirmation({ ...request, organisationId: otherOrganisationId }, as(people.outsider)),
        )
      ).code,
    ).toBe(status.NOT_FOUND);
    const invalid = await callError(
      client.resendOrderConfirmation({ ...request, idempotencyKey: 'short' }, as(people.owner)),
    );
    expect(invalid.violations).toEqual([{ field: 'idempotencyKey', message: 'Idempotency key is invalid' }]);
    const missing = await callError(
      client.resendOrderConfirmation({ ...request, idempotencyKey: '' }, as(people.owner)),
    );
    expect(missing.violations).toEqual([{ field: 'idempotencyKey', message: 'Idempotency key is required' }]);
    // An order whose tickets were never issued.
    const unknown = await callError(
      client.resendOrderConfirmation({ ...request, orderId: newId('ord') }, as(people.owner)),
    );
    expect(unknown.code).toBe(status.FAILED_PRECONDITION);
  });

  it('is refused once the tickets were voided', async () => {
    const event = ticketsIssuedEvent({ organisationId });
    await publishIssued(event);
    await sink.waitForMessage((message) => message.to.includes(event.order!.email), 30_000);
    await publishVoided(event, new Date());
    // Resend only once the void is recorded: a resend that came first would rightly send a second e-mail.
    await eventually(
      () => voidedAt(event.order!.id),
      (at) => at !== null,
      20_000,
    );
    const refused = await callError(
      client.resendOrderConfirmation(
        { organisationId, orderId: event.order!.id, idempotencyKey: 'after-the-void' },
        as(people.owner),
      ),
    );
    expect(refused.code).toBe(status.FAILED_PRECONDITION);
    expect(refused.details).toBe("The order's tickets were canceled");
    await settled();
    expect(mailsTo(event.order!.email)).toHaveLength(1);
    expect(await messageRowsFor(harness.orm, event.order!.id)).toHaveLength(1);
  });
});

describe('a void that arrives before the issue', () => {
  it('stops the confirmation when it is not older than the issue', async () => {
    const issuedAt = new Date(Date.now() - 60_000);
    const event = ticketsIssuedEvent({ organisationId, occurredAt: issuedAt });
    await publishVoided(event, new Date());
    // The two subjects have consumers of their own: wait until the void is recorded, so it really comes first.
    await eventually(
      () => voidedAt(event.order!.id),
      (at) => at !== null,
    );
    await publishIssued(event);
    await settled();
    expect(mailsTo(event.order!.email)).toEqual([]);
    expect(await messageRowsFor(harness.orm, event.order!.id)).toEqual([]);
    expect(
      (
        await callError(
          client.resendOrderConfirmation(
            { organisationId, orderId: event.order!.id, idempotencyKey: 'void-first' },
            as(people.owner),
          ),
        )
      ).code,
    ).toBe(status.FAILED_PRECONDITION);
  });

  it('does not cancel tickets issued after it (an expired order paid late)', async () => {
    const event = ticketsIssuedEvent({ organisationId, occurredAt: new Date() });
    await publishVoided(event, new Date(Date.now() - 60_000));
    await eventually(
      () => voidedAt(event.order!.id),
      (at) => at !== null,
    );
    await publishIssued(event);
    await sink.waitForMessage((message) => message.to.includes(event.order!.email), 30_000);
    const resent = await client.resendOrderConfirmation(
      { organisationId, orderId: event.order!.id, idempotencyKey: 'late-payment' },
      as(people.owner),
    );
    expect(resent.created).toBe(true);
    await settled();
    expect(mailsTo(event.order!.email)).toHaveLength(2);
  });
});
