// The platform for the tickets test, with the e-mails it sends caught whole. The shared stack's mail inbox
// (testing/src/mail-inbox.ts) hands tests only subject, text and HTML; a confirmation's point is its headers (the
// message id a delivery event refers to), its inline QR images and its PDF. So this file starts its own stack, as
// social-sign-in does, with notifications sending to an SMTP sink in this process (mailparser's parse of each mail).
import { startSmtpSink, type SinkMessage, type SmtpSink } from '@kassa/platform/testing';
import { ApiSession } from '@kassa/testing/api';
import { type Stack, startStack } from '@kassa/testing/stack';

export interface TicketsStack {
  stack: Stack;
  bffUrl: string;
  catalogGrpc: string;
  /** notifications' EMAIL_WEBHOOK_SECRET: delivery events signed with it are believed. */
  emailWebhookSecret: string;
  sink: SmtpSink;
  stop(): Promise<void>;
}

export async function startTicketsStack(): Promise<TicketsStack> {
  const sink = await startSmtpSink();
  try {
    const stack = await startStack(
      'tickets',
      ['identity', 'catalog', 'ordering', 'payments', 'ticketing', 'notifications', 'bff'],
      {
        env: { notifications: { SMTP_URL: `smtp://127.0.0.1:${sink.port}` } },
      },
    );
    const { bffUrl, catalogGrpc, emailWebhookSecret } = stack.info;
    if (!bffUrl || !catalogGrpc || !emailWebhookSecret)
      throw new Error('the tickets stack is incomplete; see .artifacts/e2e/tickets*.log');
    return {
      stack,
      bffUrl,
      catalogGrpc,
      emailWebhookSecret,
      sink,
      async stop() {
        await stack.stop();
        await sink.stop();
      },
    };
  } catch (error) {
    await sink.stop();
    throw error;
  }
}

/** The mails that reached `address` (envelope recipient), oldest first. */
export const mailsTo = (sink: SmtpSink, address: string): SinkMessage[] =>
  sink.messages.filter((message) => message.to.includes(address.toLowerCase()));

/** Waits until `count` mails have reached `address`; fails naming what did arrive. */
export async function waitForMailsTo(
  sink: SmtpSink,
  address: string,
  count: number,
  timeoutMs = 30_000,
): Promise<SinkMessage[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = mailsTo(sink, address);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) {
      throw new Error(
        `expected ${count} mail(s) to ${address} within ${timeoutMs} ms, found ${mails.length}: ${mails.map((mail) => `"${mail.subject}"`).join(', ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export interface Account {
  api: ApiSession;
  userId: string;
  email: string;
}

/** Signs up through the BFF's own API with the code from the mail, as the sign-up form would. */
export async function signUp(bffUrl: string, sink: SmtpSink, email: string, displayName: string): Promise<Account> {
  const api = new ApiSession(bffUrl);
  const before = mailsTo(sink, email).length;
  const requested = await api.call('POST', '/api/_auth/sign-in-code', {
    email,
    purpose: 'sign-up',
    locale: 'en',
    displayName,
  });
  if (requested.status !== 200)
    throw new Error(`sign-in code request answered ${requested.status}: ${JSON.stringify(requested.body)}`);
  const mails = await waitForMailsTo(sink, email, before + 1);
  const code = /\b(\d{6})\b/.exec(mails[mails.length - 1]!.text)?.[1];
  if (!code) throw new Error('no six-digit code in the sign-up mail');
  const verified = await api.call('POST', '/api/_auth/verify', { code });
  if (verified.status !== 200)
    throw new Error(`verification answered ${verified.status}: ${JSON.stringify(verified.body)}`);
  return { api, userId: (verified.body as { user: { id: string } }).user.id, email };
}
