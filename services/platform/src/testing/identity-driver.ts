import { randomBytes } from 'node:crypto';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { SignInCodeRequested } from '@kassa/proto/identity/events/v1/events';
import { MemberInvited } from '@kassa/proto/identity/events/v1/organisations';
import { IdentityServiceClient, type IdentityServiceService, SignInPurpose } from '@kassa/proto/identity/v1/identity';
import { OrganisationServiceClient, type OrganisationServiceService } from '@kassa/proto/identity/v1/organisations';
import { createNamespace } from '../config';
import { openString, parseKey } from '../crypto';
import { type CallerKey, createGrpcClient, type PromiseClient } from '../grpc';
import { NATS_ADMIN_USER, natsAuthOptions } from '../messaging';

// Drives a running identity service the way the BFF and a person would: through its public gRPC API and the
// events it publishes, never its tables. Other services' tests use it to get users, organisations and members.

export interface IdentityDriverOptions {
  /** host:port of identity's gRPC server (startIdentityProcess's grpcAddress). */
  grpcAddress: string;
  natsUrl?: string;
  /** The KASSA_NAMESPACE identity runs with: its events travel on `<namespace>.kassa.identity.…`. */
  namespace: string;
  /** The KASSA_SEALING_KEY identity runs with, to open the sealed sign-in codes and invitation tokens. */
  sealingKey: string;
  /** The key the driver's calls are signed with: the BFF's (testCallerKey; callerKeyFromRoot of a stack's KASSA_CALLER_KEY). */
  callerKey: CallerKey;
  /** How long to wait for an event (default 15 s). */
  eventTimeoutMs?: number;
}

export interface IdentityDriver {
  /** Signs the address up (or in, when it has an account) with the e-mailed code. */
  signUp(email: string, name?: string): Promise<{ userId: string }>;
  /** A new organisation owned by the user; its id. */
  createOrganisation(ownerUserId: string, name: string): Promise<string>;
  /** Invites the address as `actorUserId` (who needs "members"), signs it up and accepts the invitation. */
  addMember(
    organisationId: string,
    actorUserId: string,
    email: string,
    permissions: string[],
  ): Promise<{ userId: string; memberId: string }>;
  /** The opened token of the latest invitation e-mailed for this invitation id (waits for the event). */
  invitationToken(invitationId: string): Promise<string>;
  identity: PromiseClient<typeof IdentityServiceService>;
  organisations: PromiseClient<typeof OrganisationServiceService>;
  close(): Promise<void>;
}

export async function createIdentityDriver(options: IdentityDriverOptions): Promise<IdentityDriver> {
  const key = parseKey(options.sealingKey);
  const namespace = createNamespace(options.namespace);
  const timeoutMs = options.eventTimeoutMs ?? 15_000;
  const { callerKey } = options;
  const identity = createGrpcClient(IdentityServiceClient, options.grpcAddress, { callerKey, deadlineMs: 15_000 });
  const organisations = createGrpcClient(OrganisationServiceClient, options.grpcAddress, {
    callerKey,
    deadlineMs: 15_000,
  });
  const nc = await connect({
    servers: options.natsUrl ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    ...natsAuthOptions(NATS_ADMIN_USER),
    name: `identity-driver-${options.namespace}`,
  });
  // A core subscription sees every message the relay publishes to the stream from now on; subscribing before the
  // first call (and flushing, so the server has it) is what makes waiting for "the event of this call" safe.
  const events = new EventLog(nc, [
    namespace.subject('kassa.identity.signin.code_requested'),
    namespace.subject('kassa.identity.member.invited'),
  ]);
  await nc.flush();

  const codeSubject = namespace.subject('kassa.identity.signin.code_requested');
  const invitedSubject = namespace.subject('kassa.identity.member.invited');

  const driver: IdentityDriver = {
    identity,
    organisations,
    async signUp(email, name = '') {
      const clientIp = `10.${randomBytes(3).join('.')}`;
      const { challengeId } = await identity.requestSignInCode({
        email,
        purpose: SignInPurpose.SIGN_IN_PURPOSE_SIGN_UP,
        locale: 'en',
        clientIp,
        displayName: name,
      });
      const event = await events.waitFor(
        codeSubject,
        (data) => SignInCodeRequested.decode(data),
        (e) => e.challengeId === challengeId,
        timeoutMs,
      );
      const verified = await identity.verifySignInCode({
        challengeId,
        code: openString(key, event.sealedCode),
        clientIp,
        userAgent: 'kassa identity driver',
      });
      return { userId: verified.user!.id };
    },
    async createOrganisation(ownerUserId, name) {
      const created = await organisations.createOrganisation(
        { name, description: '', currency: '', defaultLocale: '', timeZone: '' },
        { actorUserId: ownerUserId },
      );
      return created.organisation!.organisation!.id;
    },
    async invitationToken(invitationId) {
      const event = await events.waitFor(
        invitedSubject,
        (data) => MemberInvited.decode(data),
        (e) => e.invitationId === invitationId,
        timeoutMs,
      );
      return openString(key, event.sealedToken);
    },
    async addMember(organisationId, actorUserId, email, permissions) {
      const { invitation } = await organisations.inviteMember(
        { organisationId, email, firstName: '', lastName: '', permissions, locale: '' },
        { actorUserId },
      );
      const token = await driver.invitationToken(invitation!.id);
      const { userId } = await driver.signUp(email);
      const accepted = await organisations.acceptInvitation({ token }, { actorUserId: userId });
      return { userId, memberId: accepted.organisation!.memberId };
    },
    async close() {
      identity.close();
      organisations.close();
      events.stop();
      await nc.close();
    },
  };
  return driver;
}

interface Waiter {
  subject: string;
  match(data: Uint8Array): boolean;
  resolve(data: Uint8Array): void;
}

/** Every message seen on the subjects (newest last), and the callers waiting for one that matches. */
class EventLog {
  private readonly seen: { subject: string; data: Uint8Array }[] = [];
  private readonly waiters = new Set<Waiter>();
  private readonly subscriptions: Subscription[];

  constructor(nc: NatsConnection, subjects: string[]) {
    this.subscriptions = subjects.map((subject) =>
      nc.subscribe(subject, {
        callback: (error, message) => {
          if (error) return;
          this.seen.push({ subject: message.subject, data: message.data });
          for (const waiter of this.waiters) {
            if (waiter.subject === message.subject && waiter.match(message.data)) {
              this.waiters.delete(waiter);
              waiter.resolve(message.data);
            }
          }
        },
      }),
    );
  }

  /** The newest message on the subject that matches, seen already or arriving within the timeout. */
  waitFor<T>(
    subject: string,
    decode: (data: Uint8Array) => T,
    match: (event: T) => boolean,
    timeoutMs: number,
  ): Promise<T> {
    const matches = (data: Uint8Array) => match(decode(data));
    const earlier = [...this.seen].reverse().find((entry) => entry.subject === subject && matches(entry.data));
    if (earlier) return Promise.resolve(decode(earlier.data));
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        subject,
        match: matches,
        resolve: (data) => {
          clearTimeout(timer);
          resolve(decode(data));
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`No matching event on ${subject} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  stop(): void {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
  }
}
