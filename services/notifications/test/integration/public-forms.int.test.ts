import { createGrpcClient, GrpcCallError, status, type PromiseClient } from '@kassa/platform/grpc';
import { createRateLimiter } from '@kassa/platform/ratelimit';
import { startSmtpSink, uniqueName, type SmtpSink, testCallerKey } from '@kassa/platform/testing';
import { PublicFormsServiceClient, type PublicFormsServiceService } from '@kassa/proto/notifications/v1/notifications';
import { Redis } from 'ioredis';
import { joinWaitlist } from '../../src/application/join-waitlist';
import { eventually, logger, startHarness, type Harness } from './notifications-harness';

jest.setTimeout(60_000);

let sink: SmtpSink;
let harness: Harness;
let client: PromiseClient<typeof PublicFormsServiceService>;

beforeAll(async () => {
  sink = await startSmtpSink();
  harness = await startHarness({ smtpUrl: `smtp://127.0.0.1:${sink.port}`, label: 'forms' });
  client = createGrpcClient(PublicFormsServiceClient, `127.0.0.1:${harness.app.grpcPort}`, {
    callerKey: testCallerKey,
  });
});

afterAll(async () => {
  client?.close();
  await harness?.close();
  await sink?.stop();
});

const address = (label: string) => `${uniqueName(label)}@example.com`;
const mailsTo = (email: string) => sink.messages.filter((message) => message.to.includes(email.toLowerCase()));
/** Each test its own client IP, so that the per-IP limits of one test never reach into another. */
let ipCounter = 0;
const nextIp = () => `192.0.2.${++ipCounter}`;
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return harness.orm.em.fork().getConnection().execute<T[]>(query, params);
}

/** Everything the public forms could change in the database, once earlier tests' e-mails have all been handed over. */
async function formsState(): Promise<string> {
  for (let tries = 0; ; tries++) {
    const [pending] = await sql<{ n: number }>("select count(*)::int as n from email_message where status = 'created'");
    if (pending!.n === 0) break;
    if (tries > 100) throw new Error('e-mails still waiting to be sent after 10 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const [row] = await sql<Record<string, string>>(
    `select (select count(*) from waitlist_entry) as entries, (select count(*) from email_message) as messages,
            (select count(*) from email_status_change) as changes`,
  );
  return JSON.stringify(row);
}

async function failure(call: Promise<unknown>): Promise<GrpcCallError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof GrpcCallError)) throw new Error(`expected a GrpcCallError, got ${String(error)}`);
  return error;
}

describe('JoinWaitlist', () => {
  it('stores the lower-cased address once and sends one confirmation; a repeat answers the same and sends nothing', async () => {
    const email = address('Wait');
    const clientIp = nextIp();
    expect(await client.joinWaitlist({ email: `  ${email.toUpperCase()} `, locale: 'en', clientIp })).toEqual({});

    const mail = await sink.waitForMessage((message) => message.to.includes(email.toLowerCase()), 10_000);
    expect(mail.subject).toBe("You're on the Kassa waitlist");
    expect(mail.text).toContain('Thanks for joining the Kassa waitlist.');
    expect(mail.from).toBe('no-reply@kassa.localhost');

    const entries = await sql<{ id: string; email: string; locale: string }>(
      'select id, email, locale from waitlist_entry where email = ?',
      [email.toLowerCase()],
    );
    expect(entries).toEqual([{ id: expect.stringMatching(/^wle_/), email: email.toLowerCase(), locale: 'en' }]);
    const [message] = await eventually(
      () =>
        sql<{ id: string; status: string; template: string; sealed_payload: string | null }>(
          'select id, status, template, sealed_payload from email_message where subject_ref = ?',
          [entries[0]!.id],
        ),
      (rows) => rows[0]?.status === 'send',
    );
    expect(message).toMatchObject({ template: 'waitlist-confirmation', sealed_payload: null });
    expect(mail.headers['x-kassa-message-id']).toBe(message!.id);

    // Again, in another case and language: the same empty answer, no new row, no new mail.
    const before = await formsState();
    expect(await client.joinWaitlist({ email: email.toUpperCase(), locale: 'nl', clientIp })).toEqual({});
    expect(await client.joinWaitlist({ email, locale: 'en', clientIp: nextIp() })).toEqual({});
    await settle();
    expect(await formsState()).toBe(before);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('confirms in Dutch', async () => {
    const email = address('wacht');
    await client.joinWaitlist({ email, locale: 'nl', clientIp: nextIp() });
    const mail = await sink.waitForMessage((message) => message.to.includes(email), 10_000);
    expect(mail.subject).toBe('Je staat op de wachtlijst van Kassa');
    expect(mail.html).toContain('lang="nl"');
    expect(await sql('select locale from waitlist_entry where email = ?', [email])).toEqual([{ locale: 'nl' }]);
  });

  it.each([
    ['an empty address', '', 'Email is required'],
    ['blanks', '   ', 'Email is required'],
    ['no @', 'not-an-address', 'Email is invalid'],
    ['two @', 'jane@@example.com', 'Email is invalid'],
    ['255 characters', `${'a'.repeat(243)}@example.com`, 'Email is too long'],
  ])('refuses %s with "%s" and changes nothing', async (_case, email, message) => {
    const before = await formsState();
    const error = await failure(client.joinWaitlist({ email, locale: 'en', clientIp: nextIp() }));
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.violations).toEqual([{ field: 'email', message }]);
    expect(await formsState()).toBe(before);
  });

  it('limits sign-ups per address and per IP with RESOURCE_EXHAUSTED and a retry-after', async () => {
    const email = address('often');
    for (let i = 0; i < 5; i++) await client.joinWaitlist({ email, locale: 'en', clientIp: nextIp() });
    const perAddress = await failure(client.joinWaitlist({ email, locale: 'en', clientIp: nextIp() }));
    expect(perAddress.code).toBe(status.RESOURCE_EXHAUSTED);
    expect(perAddress.retryAfterSeconds).toBeGreaterThan(0);

    const clientIp = nextIp();
    for (let i = 0; i < 30; i++) await client.joinWaitlist({ email: address(`ip${i}`), locale: 'en', clientIp });
    const perIp = await failure(client.joinWaitlist({ email: address('ip-over'), locale: 'en', clientIp }));
    expect(perIp.code).toBe(status.RESOURCE_EXHAUSTED);
    expect(await sql('select 1 from waitlist_entry where email like ?', ['ip-over%'])).toEqual([]);
  });

  it('still sends the confirmation when the send job could not be queued after the commit (the sweeper does)', async () => {
    const email = address('sweep');
    const redis = new Redis(harness.config.redisUrl);
    try {
      const joined = await joinWaitlist(
        {
          orm: harness.orm,
          rateLimiter: createRateLimiter(redis, { prefix: `${harness.namespace.key('kassa:ratelimit:')}` }),
          sealingKey: Buffer.from(harness.config.KASSA_SEALING_KEY, 'base64url'),
          contactInbox: harness.config.CONTACT_INBOX,
          enqueueSend: () => Promise.reject(new Error('Redis refused the job')),
          logger,
          now: () => new Date(),
        },
        { email, locale: 'en', clientIp: nextIp() },
      );
      expect(joined.messageId).toMatch(/^msg_/);
    } finally {
      redis.disconnect();
    }
    await settle();
    expect(mailsTo(email)).toHaveLength(0);
    expect(await harness.app.sweeper.runOnce()).toBe(1);
    await sink.waitForMessage((message) => message.to.includes(email), 10_000);
    await settle();
    expect(mailsTo(email)).toHaveLength(1);
  });
});

describe('SendContactMessage', () => {
  it("delivers the message to the operators' inbox with Reply-To set to the visitor, keeping nothing of it afterwards", async () => {
    const email = address('visitor');
    const text = `Hello,\nDo you support festivals with several days? ${uniqueName('ref')}`;
    expect(
      await client.sendContactMessage({ name: 'Sam Jansen', email, message: text, locale: 'nl', clientIp: nextIp() }),
    ).toEqual({});

    const operators = harness.config.CONTACT_INBOX;
    expect(operators).toBe('operators@kassa.localhost');
    const mail = await sink.waitForMessage(
      (message) => message.to.includes(operators) && message.text.includes(text.split('\n')[1]!),
      10_000,
    );
    expect(mail.to).toEqual([operators]);
    expect(mail.headers['reply-to']).toContain(email);
    expect(mail.subject).toBe('Kassa contact form: new message');
    expect(mail.text).toContain('Sam Jansen');
    expect(mail.text).toContain('Dutch');
    expect(mailsTo(email)).toHaveLength(0);

    const [row] = await eventually(
      () =>
        sql<{ status: string; sealed_payload: string | null; recipient: string; subject_ref: string }>(
          'select status, sealed_payload, recipient, subject_ref from email_message where id = ?',
          [mail.headers['x-kassa-message-id']],
        ),
      (rows) => rows[0]?.status === 'send',
    );
    expect(row).toMatchObject({
      recipient: operators,
      sealed_payload: null,
      subject_ref: expect.stringMatching(/^ctm_/),
    });
    const dump = await sql<{ text: string }>(`select string_agg(m::text, '|') as text from email_message m`);
    expect(dump[0]!.text).not.toContain('festivals with several days');
  });

  it.each([
    ['an empty message', { message: '' }, 'message', 'Message is required'],
    ['5001 characters', { message: 'm'.repeat(5001) }, 'message', 'Message is too long'],
    ['a 101-character name', { name: 'n'.repeat(101) }, 'name', 'Name is too long'],
    ['a bad address', { email: 'sam@' }, 'email', 'Email is invalid'],
    ['no address', { email: '' }, 'email', 'Email is required'],
  ])('refuses %s and changes nothing', async (_case, change: Record<string, string>, field, message) => {
    const before = await formsState();
    const error = await failure(
      client.sendContactMessage({
        name: 'Sam',
        email: address('bad'),
        message: 'Hi',
        locale: 'en',
        clientIp: nextIp(),
        ...change,
      }),
    );
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.violations).toEqual([{ field, message }]);
    await settle();
    expect(await formsState()).toBe(before);
  });

  it('limits messages per address', async () => {
    const email = address('chatty');
    for (let i = 0; i < 5; i++)
      await client.sendContactMessage({ name: '', email, message: `Message ${i}`, locale: 'en', clientIp: nextIp() });
    const error = await failure(
      client.sendContactMessage({ name: '', email, message: 'One more', locale: 'en', clientIp: nextIp() }),
    );
    expect(error.code).toBe(status.RESOURCE_EXHAUSTED);
  });
});
