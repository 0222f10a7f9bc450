import { IDENTITY_STREAM, subjects } from '../../src/events/subjects';
import { createGrpcClient, GrpcCallError, status } from '@kassa/platform/grpc';
import { newId } from '@kassa/platform/ids';
import { startSmtpSink, type SmtpSink, testCallerKey } from '@kassa/platform/testing';
import { EmailStatusChanged } from '@kassa/proto/notifications/events/v1/events';
import { NotificationsServiceClient } from '@kassa/proto/notifications/v1/notifications';
import { parseKey, sealString } from '@kassa/platform/crypto';
import { acceptSignInCodeRequest } from '../../src/application/accept-sign-in-code-request';
import { SIGNIN_CODE_DURABLE } from '../../src/events/signin-code-requested.consumer';
import { eventually, historyOf, messageRowsFor, outboxRows, startHarness, type Harness } from './notifications-harness';

jest.setTimeout(60_000);

let sink: SmtpSink;
let harness: Harness;

beforeAll(async () => {
  sink = await startSmtpSink();
  harness = await startHarness({ smtpUrl: `smtp://127.0.0.1:${sink.port}`, label: 'signin' });
});

afterAll(async () => {
  await harness?.close();
  await sink?.stop();
});

const mailsTo = (email: string) => sink.messages.filter((message) => message.to.includes(email.toLowerCase()));

describe('a SignInCodeRequested event', () => {
  it('becomes exactly one e-mail with the code, recorded as send, with its payload cleared and a status event', async () => {
    const { event } = await harness.publishSignInCodeRequested({ code: '482913', displayName: 'Jane' });

    const mail = await sink.waitForMessage((message) => message.to.includes(event.email), 10_000);
    expect(mail.subject).toBe('Your Kassa sign-in code: 482913');
    expect(mail.html).toContain('482913');
    expect(mail.text).toContain('482913');
    expect(mail.from).toBe('no-reply@kassa.localhost');

    const [row] = await eventually(
      () => messageRowsFor(harness.orm, event.challengeId),
      (rows) => rows[0]?.status === 'send',
    );
    expect(row).toMatchObject({
      status: 'send',
      recipient: event.email,
      sealed_payload: null,
      attempts: 1,
      subject: 'Your Kassa sign-in code: ******',
    });
    expect(mail.headers['x-kassa-message-id']).toBe(row!.id);
    expect(await historyOf(harness.orm, row!.id)).toEqual([{ status: 'send', detail: expect.stringMatching(/^250/) }]);

    const outbox = await outboxRows(harness.orm, subjects.emailStatusChanged);
    const events = outbox.map((entry) => EmailStatusChanged.decode(entry.payload));
    expect(events).toContainEqual(
      expect.objectContaining({ messageId: row!.id, subjectRef: event.challengeId, status: 'send' }),
    );
    // The relay publishes it to our own stream.
    await eventually(
      async () =>
        (await outboxRows(harness.orm, subjects.emailStatusChanged)).every((entry) => entry.published_at !== null),
      (published) => published,
    );

    // Nothing else goes out for this challenge, and the code is nowhere in the database.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(event.email)).toHaveLength(1);
    const dump = await harness.orm.em
      .fork()
      .getConnection()
      .execute<{ text: string }[]>(
        `select concat_ws('|', (select string_agg(m::text, '|') from email_message m), (select string_agg(h::text, '|') from email_status_change h)) as text`,
      );
    expect(dump[0]!.text).not.toContain('482913');
  });

  it('welcomes a new account in Dutch', async () => {
    const { event } = await harness.publishSignInCodeRequested({ code: '070809', locale: 'nl', newAccount: true });
    const mail = await sink.waitForMessage((message) => message.to.includes(event.email), 10_000);
    expect(mail.subject).toBe('Je Kassa-inlogcode: 070809');
    expect(mail.html).toContain('Welkom bij Kassa');
    expect(mail.text).toContain('070809');
  });

  it('sends one e-mail when the same NATS message (same Nats-Msg-Id) is delivered twice', async () => {
    const msgId = newId('obx');
    const first = await harness.publishSignInCodeRequested({ code: '111222' }, msgId);
    // Within the duplicate window JetStream itself drops the second publish …
    const again = await harness.publishSignInCodeRequested({ ...first.event, code: '111222' }, msgId);
    expect(again.duplicate).toBe(true);
    await sink.waitForMessage((message) => message.to.includes(first.event.email), 10_000);
    await eventually(
      () => messageRowsFor(harness.orm, first.event.challengeId),
      (rows) => rows[0]?.status === 'send',
    );

    // … and when the stream delivers it again anyway (here: the consumer is recreated and replays the
    // stream), the inbox recognises the message id and nothing is sent twice.
    await harness.app.stop();
    await harness.nats.jsm.consumers.delete(
      harness.namespace.stream(IDENTITY_STREAM),
      harness.namespace.durable(SIGNIN_CODE_DURABLE),
    );
    await harness.restart();
    // The consumer starts once the service has seen identity's stream, a moment after the restart.
    await eventually(
      () =>
        harness.nats.jsm.consumers
          .info(harness.namespace.stream(IDENTITY_STREAM), harness.namespace.durable(SIGNIN_CODE_DURABLE))
          .catch(() => null),
      (info) => info !== null && info.num_pending === 0 && info.num_ack_pending === 0 && info.delivered.stream_seq > 0,
    );
    const inbox = await harness.orm.em
      .fork()
      .getConnection()
      .execute<{ count: string }[]>('select count(*) from inbox where consumer = ? and message_id = ?', [
        harness.namespace.durable(SIGNIN_CODE_DURABLE),
        msgId,
      ]);
    expect(Number(inbox[0]!.count)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo(first.event.email)).toHaveLength(1);
    expect(await messageRowsFor(harness.orm, first.event.challengeId)).toHaveLength(1);
  });
});

describe('the unsent-mail sweeper', () => {
  it('sends a message that committed but never got its job (the process died in between)', async () => {
    const challengeId = newId('sic');
    const email = 'sweeper@example.com';
    // What the consumer commits, without the enqueue that follows the commit.
    await harness.orm.em.fork().transactional((em) =>
      acceptSignInCodeRequest(
        em,
        {
          challengeId,
          email,
          sealedCode: sealString(parseKey(harness.config.KASSA_SEALING_KEY), '313131'),
          locale: 'en',
          newAccount: false,
          expiresAt: new Date(Date.now() + 600_000),
          displayName: '',
        },
        { sealingKey: parseKey(harness.config.KASSA_SEALING_KEY) },
      ),
    );
    expect(await harness.app.sweeper.runOnce()).toBe(1);
    const mail = await sink.waitForMessage((message) => message.to.includes(email), 10_000);
    expect(mail.text).toContain('313131');
    await eventually(
      () => messageRowsFor(harness.orm, challengeId),
      (rows) => rows[0]?.status === 'send',
    );
    expect(await harness.app.sweeper.runOnce()).toBe(0);
  });
});

describe('ListMessages over gRPC', () => {
  it('lists the messages about a challenge with their history, and validates the reference', async () => {
    const { event } = await harness.publishSignInCodeRequested({ code: '654321' });
    await sink.waitForMessage((message) => message.to.includes(event.email), 10_000);
    await eventually(
      () => messageRowsFor(harness.orm, event.challengeId),
      (rows) => rows[0]?.status === 'send',
    );

    const client = createGrpcClient(NotificationsServiceClient, `127.0.0.1:${harness.app.grpcPort}`, {
      callerKey: testCallerKey,
    });
    try {
      const response = await client.listMessages({ subjectRef: event.challengeId });
      expect(response.messages).toHaveLength(1);
      const [message] = response.messages;
      expect(message).toMatchObject({
        template: 'signin-code',
        recipient: event.email,
        subject: 'Your Kassa sign-in code: ******',
        status: 'send',
        subjectRef: event.challengeId,
      });
      expect(message!.id).toMatch(/^msg_/);
      expect(message!.createdAt).toBeInstanceOf(Date);
      expect(message!.history.map((change) => change.status)).toEqual(['send']);

      expect(await client.listMessages({ subjectRef: newId('ord') })).toEqual({ messages: [] });

      const invalid = await client.listMessages({ subjectRef: 'not-an-id' }).catch((error: unknown) => error);
      expect(invalid).toBeInstanceOf(GrpcCallError);
      expect((invalid as GrpcCallError).code).toBe(status.INVALID_ARGUMENT);
      expect((invalid as GrpcCallError).violations).toEqual([{ field: 'subjectRef', message: 'ID is invalid' }]);

      const missing = await client.listMessages({ subjectRef: '' }).catch((error: unknown) => error);
      expect((missing as GrpcCallError).violations).toEqual([
        { field: 'subjectRef', message: 'Subject reference is required' },
      ]);
    } finally {
      client.close();
    }
  });
});
