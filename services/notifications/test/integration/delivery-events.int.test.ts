import { createGrpcClient, GrpcCallError, type PromiseClient, status } from '@kassa/platform/grpc';
import { newId } from '@kassa/platform/ids';
import { type SinkMessage, type SmtpSink, startSmtpSink, testCallerKey } from '@kassa/platform/testing';
import { EmailStatusChanged } from '@kassa/proto/notifications/events/v1/events';
import {
  NotificationsServiceClient,
  type NotificationsServiceService,
} from '@kassa/proto/notifications/v1/notifications';
import { signDeliveryBody } from '../../src/domain/delivery-event';
import { subjects } from '../../src/events/subjects';
import { eventually, historyOf, messageRowsFor, outboxRows, startHarness, type Harness } from './notifications-harness';

jest.setTimeout(60_000);

const PREVIOUS_SECRET = 'the-secret-being-rotated-out-0123456789';

let sink: SmtpSink;
let harness: Harness;
let client: PromiseClient<typeof NotificationsServiceService>;

beforeAll(async () => {
  sink = await startSmtpSink();
  // Mid-rotation: the secret being replaced is still believed (EMAIL_WEBHOOK_SECRET_PREVIOUS).
  harness = await startHarness({
    smtpUrl: `smtp://127.0.0.1:${sink.port}`,
    label: 'delivery',
    env: { EMAIL_WEBHOOK_SECRET_PREVIOUS: PREVIOUS_SECRET },
  });
  client = createGrpcClient(NotificationsServiceClient, `127.0.0.1:${harness.app.grpcPort}`, {
    callerKey: testCallerKey,
  });
});

afterAll(async () => {
  client?.close();
  await harness?.close();
  await sink?.stop();
});

interface Sent {
  /** Our message id. */
  id: string;
  /** The Message-ID the mail went out with, without angle brackets. */
  providerId: string;
  mail: SinkMessage;
}

/** A sign-in code e-mail, sent through the real pipeline: the simplest mail to report on. */
async function sendOne(): Promise<Sent> {
  const { event } = await harness.publishSignInCodeRequested({ code: '123456' });
  const mail = await sink.waitForMessage((message) => message.to.includes(event.email), 15_000);
  const [row] = await eventually(
    () => messageRowsFor(harness.orm, event.challengeId),
    (rows) => rows[0]?.status === 'send',
  );
  return { id: row!.id, providerId: row!.provider_message_id!, mail };
}

const unixNow = () => Math.floor(Date.now() / 1000);

/** The BFF's forward: the raw body and its signature under the shared secret. */
function deliver(records: unknown, options: { secret?: string; at?: number; signature?: string } = {}) {
  const rawBody = Buffer.from(JSON.stringify(records));
  const signature =
    options.signature ??
    signDeliveryBody(options.secret ?? harness.config.EMAIL_WEBHOOK_SECRET, rawBody, options.at ?? unixNow());
  return client.handleDeliveryEvent({ rawBody, signature });
}

const sesMail = (messageId: string, extra: Record<string, unknown> = {}) => ({
  timestamp: new Date().toISOString(),
  source: 'no-reply@kassa.localhost',
  messageId,
  destination: ['guest@example.com'],
  ...extra,
});

async function statusOf(messageId: string): Promise<{ status: string; history: string[] }> {
  const [row] = await harness.orm.em
    .fork()
    .getConnection()
    .execute<{ status: string }[]>('select status from email_message where id = ?', [messageId]);
  return { status: row!.status, history: (await historyOf(harness.orm, messageId)).map((change) => change.status) };
}

async function publishedStatuses(messageId: string): Promise<string[]> {
  const rows = await outboxRows(harness.orm, subjects.emailStatusChanged);
  return rows
    .map((row) => EmailStatusChanged.decode(row.payload))
    .filter((event) => event.messageId === messageId)
    .map((event) => event.status);
}

async function callError(promise: Promise<unknown>): Promise<GrpcCallError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GrpcCallError);
  return error as GrpcCallError;
}

describe('delivery events from the mail provider', () => {
  it('find the message by the Message-ID it went out with, change its history once, and never go back', async () => {
    const sent = await sendOne();
    expect(sent.mail.headers['message-id']).toBe(`<${sent.providerId}>`);
    expect(sent.mail.headers['x-kassa-message-id']).toBe(sent.id);
    expect(sent.mail.headers['x-ses-message-tags']).toBe(`kassaMessageId=${sent.id}`);

    const delivery = {
      eventType: 'Delivery',
      mail: sesMail(sent.providerId),
      delivery: {
        timestamp: new Date().toISOString(),
        smtpResponse: '250 2.0.0 OK queued',
        recipients: ['guest@example.com'],
      },
    };
    expect(await deliver(delivery)).toEqual({ applied: 1 });
    expect(await statusOf(sent.id)).toEqual({ status: 'delivery', history: ['send', 'delivery'] });
    const [, change] = await historyOf(harness.orm, sent.id);
    expect(change!.detail).toBe('250 2.0.0 OK queued');

    // The provider sending the same event again (a new signature, a later time): nothing changes.
    expect(await deliver(delivery, { at: unixNow() + 1 })).toEqual({ applied: 0 });
    expect(await statusOf(sent.id)).toEqual({ status: 'delivery', history: ['send', 'delivery'] });

    // A late "send" found by our header: recorded in the history, but the message stays delivered.
    const lateSend = {
      eventType: 'Send',
      mail: sesMail('another-provider-id', { headers: [{ name: 'X-Kassa-Message-Id', value: sent.id }] }),
      send: {},
    };
    expect(await deliver(lateSend)).toEqual({ applied: 1 });
    expect(await statusOf(sent.id)).toEqual({ status: 'delivery', history: ['send', 'delivery', 'send'] });

    // A bounce found by its SES tag moves it on; it is published, the late send was not.
    const bounce = {
      eventType: 'Bounce',
      mail: sesMail('another-provider-id', { tags: { kassaMessageId: [sent.id] } }),
      bounce: {
        bounceType: 'Permanent',
        bounceSubType: 'General',
        feedbackId: `fb-${newId('msg')}`,
        timestamp: new Date().toISOString(),
        bouncedRecipients: [],
      },
    };
    expect(await deliver([bounce])).toEqual({ applied: 1 });
    expect(await statusOf(sent.id)).toEqual({ status: 'bounce', history: ['send', 'delivery', 'send', 'bounce'] });
    expect(await publishedStatuses(sent.id)).toEqual(['send', 'delivery', 'bounce']);

    const [listed] = (
      await client.listMessages({
        subjectRef: (
          await harness.orm.em
            .fork()
            .getConnection()
            .execute<{ subject_ref: string }[]>('select subject_ref from email_message where id = ?', [sent.id])
        )[0]!.subject_ref,
      })
    ).messages;
    expect(listed!.status).toBe('bounce');
    expect(listed!.history.map((entry) => entry.status)).toEqual(['send', 'delivery', 'send', 'bounce']);
  });

  it('apply a batch event by event, and acknowledge events about unknown messages without changing anything', async () => {
    const [a, b] = [await sendOne(), await sendOne()];
    const at = new Date().toISOString();
    const result = await deliver([
      { eventType: 'Delivery', mail: sesMail(a.providerId), delivery: { timestamp: at, smtpResponse: '250 OK' } },
      {
        eventType: 'Open',
        mail: sesMail(b.providerId),
        open: { timestamp: at, ipAddress: '192.0.2.7', userAgent: 'Mail' },
      },
      { eventType: 'Delivery', mail: sesMail('unknown-provider-id@elsewhere'), delivery: { timestamp: at } },
      {
        eventType: 'Click',
        mail: sesMail('x', { tags: { kassaMessageId: [newId('msg')] } }),
        click: { timestamp: at, link: 'https://example.com' },
      },
    ]);
    expect(result).toEqual({ applied: 2 });
    expect(await statusOf(a.id)).toEqual({ status: 'delivery', history: ['send', 'delivery'] });
    expect(await statusOf(b.id)).toEqual({ status: 'opened', history: ['send', 'opened'] });
    const [, opened] = await historyOf(harness.orm, b.id);
    expect(opened!.detail).toBe('');
  });

  it('with a bad signature are UNAUTHENTICATED and change nothing', async () => {
    const sent = await sendOne();
    const delivery = {
      eventType: 'Delivery',
      mail: sesMail(sent.providerId),
      delivery: { timestamp: new Date().toISOString() },
    };
    const refusals = [
      deliver(delivery, { secret: 'another-secret-of-at-least-32-chars!!' }),
      deliver(delivery, { at: unixNow() - 6 * 60 }),
      deliver(delivery, { signature: '' }),
      deliver(delivery, { signature: `t=${unixNow()},v1=${'0'.repeat(64)}` }),
      // A signature of another body.
      client.handleDeliveryEvent({
        rawBody: Buffer.from(JSON.stringify(delivery)),
        signature: signDeliveryBody(harness.config.EMAIL_WEBHOOK_SECRET, Buffer.from('{}'), unixNow()),
      }),
    ];
    for (const refusal of refusals) expect((await callError(refusal)).code).toBe(status.UNAUTHENTICATED);
    // Even a malformed body is only looked at once its signature holds.
    expect(
      (await callError(client.handleDeliveryEvent({ rawBody: Buffer.from('{oops'), signature: 'nope' }))).code,
    ).toBe(status.UNAUTHENTICATED);
    expect(await statusOf(sent.id)).toEqual({ status: 'send', history: ['send'] });
  });

  it('signed with the secret being rotated out are still applied, while a secret never configured is refused', async () => {
    const sent = await sendOne();
    const delivery = {
      eventType: 'Delivery',
      mail: sesMail(sent.providerId),
      delivery: { timestamp: new Date().toISOString() },
    };
    expect((await callError(deliver(delivery, { secret: 'a-secret-never-configured-0123456789' }))).code).toBe(
      status.UNAUTHENTICATED,
    );
    expect(await deliver(delivery, { secret: PREVIOUS_SECRET })).toEqual({ applied: 1 });
    expect(await statusOf(sent.id)).toEqual({ status: 'delivery', history: ['send', 'delivery'] });
  });

  it('that are signed but malformed are INVALID_ARGUMENT with the fields named, and change nothing', async () => {
    const sent = await sendOne();
    const error = await callError(
      deliver([
        { eventType: 'Delivery', mail: sesMail(sent.providerId), delivery: { timestamp: new Date().toISOString() } },
        { eventType: 'Delivered', mail: { timestamp: 'soon' } },
      ]),
    );
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.violations).toEqual([
      { field: '1.eventType', message: 'Event type is invalid' },
      { field: '1.mail.messageId', message: 'Message ID is required' },
      { field: '1.mail.timestamp', message: 'Timestamp is invalid' },
    ]);
    expect((await callError(deliver([]))).violations).toEqual([
      { field: 'rawBody', message: 'Events must not be empty' },
    ]);
    expect(await statusOf(sent.id)).toEqual({ status: 'send', history: ['send'] });
  });
});
