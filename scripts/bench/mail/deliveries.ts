// The two things timed, each from just before its first byte leaves until the SMTP sink has the whole message:
// Stripe's signed webhook to the BFF (the platform's whole path to the confirmation e-mail), and a plain nodemailer
// send of a similar message straight to the sink (the baseline).
import { type Agent, request } from 'node:http';
import nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';
import type { SinkMessage, SmtpSink } from '@kassa/platform/testing';
import type { StripeStandIn } from '@kassa/testing/stripe-stand-in';
import type { PendingOrder } from './mail-backend';

/** How long one message may take before the run fails (the send job retries after 2 s, 4 s, …). */
const ARRIVAL_TIMEOUT_MS = 60_000;

export interface Timed {
  ms: number;
  /** When it was sent, in epoch milliseconds (to set against the services' own timestamps). */
  sentAtEpochMs: number;
  /** Until the HTTP answer (webhook) or nodemailer's promise (baseline). */
  answeredMs: number;
  message: SinkMessage;
}

/** Resolves when a message to `address` arrives at the sink (subscribed before sending: no polling, nothing missed). */
function arrivalTo(sink: SmtpSink, address: string): Promise<{ at: number; message: SinkMessage }> {
  const to = address.toLowerCase();
  const arrival = sink
    .waitForMessage((message) => message.to.includes(to), ARRIVAL_TIMEOUT_MS)
    .then((message) => ({ at: performance.now(), message }));
  // Handled here too, so that a send that failed first (and failed the run) leaves no unhandled rejection behind.
  arrival.catch(() => undefined);
  return arrival;
}

function postWebhook(
  origin: string,
  payload: Buffer,
  signature: string,
  agent: Agent,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const call = request(
      `${origin}/api/webhooks/stripe`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}

/**
 * The guest has paid on Stripe's page (the stand-in completes the session) and Stripe delivers
 * checkout.session.completed, signed with the webhook secret, to the BFF. Timed from just before the request to
 * the confirmation's arrival; the e-mail must name the order's number.
 */
export async function paidToInbox(
  origin: string,
  agent: Agent,
  standIn: StripeStandIn,
  sink: SmtpSink,
  order: PendingOrder,
): Promise<Timed> {
  const delivery = standIn.webhook('checkout.session.completed', standIn.complete(order.sessionId));
  const arrival = arrivalTo(sink, order.email);
  const started = performance.now();
  const sentAtEpochMs = performance.timeOrigin + started;
  const answer = await postWebhook(origin, delivery.payload, delivery.signature, agent);
  const answeredMs = performance.now() - started;
  if (answer.status !== 200 || !(JSON.parse(answer.body) as { applied?: boolean }).applied)
    throw new Error(`the webhook for ${order.orderId} answered ${answer.status} ${answer.body}`);
  const { at, message } = await arrival;
  if (!message.subject.includes(order.number) && !message.text.includes(order.number))
    throw new Error(`the e-mail to ${order.email} ("${message.subject}") does not name order ${order.number}`);
  return { ms: at - started, sentAtEpochMs, answeredMs, message };
}

export interface BaselineMailer {
  send(to: string): Promise<Timed>;
  /** The message's size as sent over SMTP (MIME, encoded), for one recipient. */
  wireBytes(): Promise<number>;
  close(): void;
}

/**
 * nodemailer with the transport notifications uses (pooled, 5 connections) straight to the sink, sending `template`
 * (a confirmation as the platform sent it: subject, HTML and text parts, the same attachments) to another address.
 */
export function baselineMailer(sink: SmtpSink, template: SinkMessage): BaselineMailer {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: sink.port,
    secure: false,
    pool: true,
    maxConnections: 5,
  });
  const attachments = template.raw.attachments.map((attachment) => ({
    filename: attachment.filename,
    content: attachment.content,
    contentType: attachment.contentType,
    ...(attachment.cid ? { cid: attachment.cid, contentDisposition: 'inline' as const } : {}),
  }));
  const compose = (to: string): SendMailOptions => ({
    from: 'Kassa <no-reply@kassa.localhost>',
    to,
    subject: template.subject,
    text: template.text,
    html: template.html,
    attachments,
  });
  return {
    async send(to) {
      const mail = compose(to);
      const arrival = arrivalTo(sink, to);
      const started = performance.now();
      await transport.sendMail(mail);
      const answeredMs = performance.now() - started;
      const { at, message } = await arrival;
      return { ms: at - started, sentAtEpochMs: performance.timeOrigin + started, answeredMs, message };
    },
    async wireBytes() {
      const composed = await nodemailer
        .createTransport({ streamTransport: true, buffer: true })
        .sendMail(compose('size@example.test'));
      return (composed.message as Buffer).length;
    },
    close: () => transport.close(),
  };
}

/** Runs `count` timed deliveries with at most `inFlight` at a time; any failure fails the run. */
export async function paced<T>(count: number, inFlight: number, deliver: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  let failure: unknown;
  const worker = async (): Promise<void> => {
    while (next < count && failure === undefined) {
      const index = next++;
      try {
        results.push(await deliver(index));
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, count) }, worker));
  if (failure !== undefined) throw failure;
  return results;
}
