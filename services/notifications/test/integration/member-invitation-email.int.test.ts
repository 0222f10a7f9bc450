import { randomBytes } from 'node:crypto';
import { parseKey, sealString } from '@kassa/platform/crypto';
import { newId } from '@kassa/platform/ids';
import {
  createIdentityDriver,
  startIdentityProcess,
  startSmtpSink,
  type SmtpSink,
  testCallerKey,
  testCallerKeyText,
} from '@kassa/platform/testing';
import { MemberInvited } from '@kassa/proto/identity/events/v1/organisations';
import { MEMBER_INVITED_DURABLE } from '../../src/events/member-invited.consumer';
import { IDENTITY_STREAM, subjects } from '../../src/events/subjects';
import { eventually, messageRowsFor, startHarness, type Harness } from './notifications-harness';

jest.setTimeout(60_000);

let sink: SmtpSink;
let harness: Harness;

beforeAll(async () => {
  sink = await startSmtpSink();
  harness = await startHarness({ smtpUrl: `smtp://127.0.0.1:${sink.port}`, label: 'invite' });
});

afterAll(async () => {
  await harness?.close();
  await sink?.stop();
});

async function publishInvitation(
  fields: Partial<MemberInvited>,
  token: string,
  msgId = newId('obx'),
): Promise<MemberInvited> {
  const event: MemberInvited = {
    invitationId: newId('inv'),
    organisationId: newId('org'),
    organisationName: 'Kassa Demo Events',
    email: `invitee-${randomBytes(4).toString('hex')}@example.com`,
    firstName: 'Bo',
    invitedBy: 'Demo Organiser',
    sealedToken: sealString(parseKey(harness.config.KASSA_SEALING_KEY), token),
    locale: 'en',
    expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
    ...fields,
  };
  await harness.nats.js.publish(
    harness.namespace.subject(subjects.memberInvited),
    MemberInvited.encode(event).finish(),
    { msgID: msgId },
  );
  return event;
}

const linkIn = (text: string) => /https?:\/\/\S+\/account\/invitations\/[A-Za-z0-9_-]+/.exec(text)?.[0];

describe('a MemberInvited event', () => {
  it('becomes an invitation e-mail with the working accept link, recorded as send without the token', async () => {
    const token = randomBytes(32).toString('base64url');
    const event = await publishInvitation({}, token);
    const mail = await sink.waitForMessage((message) => message.to.includes(event.email), 10_000);
    expect(mail.subject).toBe('Demo Organiser invited you to join Kassa Demo Events on Kassa');
    expect(mail.text).toContain('Hi Bo,');
    const link = `${harness.config.PUBLIC_BASE_URL}/account/invitations/${token}`;
    expect(linkIn(mail.text)).toBe(link);
    expect(mail.html).toContain(`href="${link}"`);

    const [row] = await eventually(
      () => messageRowsFor(harness.orm, event.invitationId),
      (rows) => rows[0]?.status === 'send',
    );
    expect(row).toMatchObject({ recipient: event.email, sealed_payload: null, subject: mail.subject });
    const [dump] = await harness.orm.em
      .fork()
      .getConnection()
      .execute<{ text: string }[]>("select string_agg(m::text, '|') as text from email_message m");
    expect(dump!.text).not.toContain(token);
  });

  it('sends the Dutch e-mail with the /nl link, one per event, and a re-invite sends the fresh link', async () => {
    const first = randomBytes(32).toString('base64url');
    const msgId = newId('obx');
    const event = await publishInvitation({ locale: 'nl', firstName: '' }, first, msgId);
    await sink.waitForMessage((message) => message.to.includes(event.email), 10_000);
    // The same outbox row delivered again is dropped; a re-invite (new row, new token) is a new e-mail.
    await harness.nats.js.publish(
      harness.namespace.subject(subjects.memberInvited),
      MemberInvited.encode(event).finish(),
      { msgID: msgId },
    );
    const second = randomBytes(32).toString('base64url');
    await publishInvitation(
      { ...event, sealedToken: sealString(parseKey(harness.config.KASSA_SEALING_KEY), second) },
      second,
    );
    const mails = await eventually(
      async () => sink.messages.filter((message) => message.to.includes(event.email)),
      (found) => found.length >= 2,
    );
    await eventually(
      () =>
        harness.nats.jsm.consumers.info(
          harness.namespace.stream(IDENTITY_STREAM),
          harness.namespace.durable(MEMBER_INVITED_DURABLE),
        ),
      (info) => info.num_pending === 0 && info.num_ack_pending === 0,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.messages.filter((message) => message.to.includes(event.email))).toHaveLength(2);
    expect(mails[0]!.subject).toBe('Demo Organiser nodigt je uit voor Kassa Demo Events op Kassa');
    expect(mails.map((mail) => linkIn(mail.text))).toEqual([
      `${harness.config.PUBLIC_BASE_URL}/nl/account/invitations/${first}`,
      `${harness.config.PUBLIC_BASE_URL}/nl/account/invitations/${second}`,
    ]);
  });

  it('does not send an invitation whose link expired before it could go out', async () => {
    const event = await publishInvitation(
      { expiresAt: new Date(Date.now() - 1000) },
      randomBytes(32).toString('base64url'),
    );
    const [row] = await eventually(
      () => messageRowsFor(harness.orm, event.invitationId),
      (rows) => rows[0]?.status === 'notSent',
    );
    expect(row!.sealed_payload).toBeNull();
    expect(sink.messages.filter((message) => message.to.includes(event.email))).toEqual([]);
  });
});

describe('an invitation sent by the real identity service', () => {
  it('arrives with a link whose token identity accepts', async () => {
    const namespace = harness.namespace.name;
    const sealingKey = harness.config.KASSA_SEALING_KEY;
    const identity = await startIdentityProcess({ namespace, sealingKey, callerRoot: testCallerKeyText });
    const driver = await createIdentityDriver({
      grpcAddress: identity.grpcAddress,
      namespace,
      sealingKey,
      callerKey: testCallerKey,
    });
    try {
      const owner = await driver.signUp(`owner-${randomBytes(4).toString('hex')}@example.com`, 'Olga Owner');
      const organisationId = await driver.createOrganisation(owner.userId, 'Linked Events');
      const email = `colleague-${randomBytes(4).toString('hex')}@example.com`;
      await driver.organisations.inviteMember(
        { organisationId, email, firstName: 'Col', lastName: '', permissions: ['checkin'], locale: 'nl' },
        { actorUserId: owner.userId },
      );
      const mail = await sink.waitForMessage((message) => message.to.includes(email), 20_000);
      expect(mail.subject).toBe('Olga Owner nodigt je uit voor Linked Events op Kassa');
      const link = linkIn(mail.text)!;
      expect(link.startsWith(`${harness.config.PUBLIC_BASE_URL}/nl/account/invitations/`)).toBe(true);
      const token = link.split('/').pop()!;

      const colleague = await driver.signUp(email);
      const accepted = await driver.organisations.acceptInvitation({ token }, { actorUserId: colleague.userId });
      expect(accepted.organisation).toMatchObject({ organisation: { id: organisationId }, permissions: ['checkin'] });
    } finally {
      await driver.close();
      await identity.stop();
    }
  });
});
