// Mail benchmark: how long a guest waits for the confirmation e-mail with the tickets once the payment is done, from
// Stripe's webhook to the BFF until the message is in the SMTP sink, for 200 orders at 10 in flight; beside a plain
// nodemailer send of a similar message straight to the same sink, measured in the same run.
// Loopback only; every process it starts is stopped, its databases dropped and its streams and Redis keys removed
// at the end (also on Ctrl-C). The services and the BFF start their OpenTelemetry SDKs, but nothing is exported.
delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
delete process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;

import { randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import { Cleanup } from '../lib/cleanup';
import { CpuMeter, type CpuReading, processTree, serverGroups } from '../lib/process-cpu';
import { formatTable, machineNote, type Figure } from '../lib/report';
import { startNextServer } from '../pages/next-server';
import { summarize } from '../scan/load';
import { baselineMailer, paced, paidToInbox } from './deliveries';
import { PRICE_MINOR, startMailBackend, TICKETS_PER_ORDER } from './mail-backend';
import { readStepTimes, stepMedians } from './stages';

const ORDERS = 200;
/** Orders paid first and not counted: JIT, connection pools, the PDF and template code's first runs. */
const WARMUP_ORDERS = 10;
const IN_FLIGHT = 10;
/** Baseline sends, half before and half after the orders, so that both see the same drift in background load. */
const BASELINE_SENDS = 200;
const BASELINE_WARMUP = 10;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  const figures: Figure[] = [];
  const lines: string[] = [];
  const notes: string[] = [];
  const started = performance.now();
  let serverReady: number;
  const cpu: CpuReading[] = [];
  let meter: CpuMeter | undefined;
  try {
    console.error(
      `starting identity, catalog, ordering, payments (Stripe stand-in), ticketing and notifications (SMTP sink in this process), placing ${ORDERS + WARMUP_ORDERS} orders and starting their Stripe Checkout sessions...`,
    );
    const backend = await startMailBackend(cleanup, ORDERS + WARMUP_ORDERS);
    console.error('building the BFF if stale, then starting next start...');
    const next = await startNextServer(cleanup, backend, {
      ORDERING_GRPC_ADDRESS: backend.orderingGrpc,
      PAYMENTS_GRPC_ADDRESS: backend.paymentsGrpc,
      TICKETING_GRPC_ADDRESS: backend.ticketingGrpc,
      NOTIFICATIONS_GRPC_ADDRESS: backend.notificationsGrpc,
      KASSA_NAMESPACE: backend.namespace,
    });
    serverReady = performance.now();
    meter = new CpuMeter([processTree('BFF', next.pid), ...backend.processGroups, ...serverGroups()]);
    // next start listens on localhost, which is 127.0.0.1 here; the webhook is addressed by the literal loopback address.
    const origin = `http://127.0.0.1:${new URL(next.origin).port}`;
    const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
    cleanup.add('close the webhook agent', async () => agent.destroy());
    const { sink, standIn } = backend;
    const toInbox = async (index: number) => ({
      orderId: backend.orders[index]!.orderId,
      ...(await paidToInbox(origin, agent, standIn, sink, backend.orders[index]!)),
    });

    console.error(`warm-up: ${WARMUP_ORDERS} orders paid, not counted...`);
    const warm = await paced(WARMUP_ORDERS, IN_FLIGHT, toInbox);
    const template = warm[0]!.message;
    const mailer = baselineMailer(sink, template);
    cleanup.add('close the baseline transport', async () => mailer.close());
    const run = randomBytes(3).toString('hex');
    const baselineSend = (offset: number) => (index: number) =>
      mailer.send(`baseline${offset + index}-${run}@example.test`);
    await paced(BASELINE_WARMUP, IN_FLIGHT, baselineSend(1_000_000));

    const half = BASELINE_SENDS / 2;
    console.error(`baseline: ${half} nodemailer sends, ${IN_FLIGHT} in flight...`);
    const baselineBefore = await paced(half, IN_FLIGHT, baselineSend(0));
    console.error(`${ORDERS} orders: webhook → confirmation e-mail, ${IN_FLIGHT} in flight...`);
    const measuredStart = performance.now();
    const { result: measured, reading } = await meter.measure(
      'paid order → e-mail',
      () => paced(ORDERS, IN_FLIGHT, (index) => toInbox(WARMUP_ORDERS + index)),
      (done) => done.length,
    );
    cpu.push(reading);
    const measuredMs = performance.now() - measuredStart;
    console.error(`baseline: ${half} nodemailer sends, ${IN_FLIGHT} in flight...`);
    const baselineAfter = await paced(half, IN_FLIGHT, baselineSend(half));

    const value = summarize(
      measured.map((entry) => entry.ms),
      measuredMs,
    );
    const baseline = summarize(
      [...baselineBefore, ...baselineAfter].map((entry) => entry.ms),
      1,
    );
    figures.push(
      {
        name: 'payment webhook → confirmation in the inbox: p50 (vs nodemailer send → inbox)',
        value: value.p50Ms,
        baseline: baseline.p50Ms,
        unit: 'ms',
      },
      {
        name: 'payment webhook → confirmation in the inbox: p99 (vs nodemailer send → inbox)',
        value: value.p99Ms,
        baseline: baseline.p99Ms,
        unit: 'ms',
      },
      {
        name: 'payment webhook → confirmation in the inbox: max (vs nodemailer send → inbox)',
        value: value.maxMs,
        baseline: baseline.maxMs,
        unit: 'ms',
      },
      {
        name: 'payment webhook → confirmation in the inbox: avg (vs nodemailer send → inbox)',
        value: value.avgMs,
        baseline: baseline.avgMs,
        unit: 'ms',
      },
    );

    // Once per order: every guest of the run has exactly one message (a duplicate would be a second confirmation).
    const guests = backend.orders.map((order) => order.email.toLowerCase());
    const perGuest = new Map(guests.map((email) => [email, 0]));
    for (const message of sink.messages)
      for (const to of message.to) if (perGuest.has(to)) perGuest.set(to, perGuest.get(to)! + 1);
    const paidGuests = guests.slice(0, WARMUP_ORDERS + ORDERS);
    const notOnce = paidGuests.filter((email) => perGuest.get(email) !== 1).length;
    if (notOnce !== 0) process.exitCode = 1;
    const answered = summarize(
      measured.map((entry) => entry.answeredMs),
      1,
    );
    const baselineAnswered = summarize(
      [...baselineBefore, ...baselineAfter].map((entry) => entry.answeredMs),
      1,
    );
    const steps = stepMedians(
      measured,
      await readStepTimes(
        backend.databases,
        measured.map((entry) => entry.orderId),
      ),
    );
    const wireBytes = await mailer.wireBytes();
    const attachments = template.attachments;
    const attachmentBytes = attachments.reduce((sum, attachment) => sum + attachment.content.length, 0);
    lines.push(
      `webhook answered (200, applied): p50 ${ms(answered.p50Ms)}, p99 ${ms(answered.p99Ms)}; the rest is asynchronous (payment.succeeded → ordering: order.paid → ticketing: tickets.issued → notifications: message recorded, send job → SMTP). nodemailer's sendMail resolved: p50 ${ms(baselineAnswered.p50Ms)}, p99 ${ms(baselineAnswered.p99Ms)}`,
      `${ORDERS} confirmations in ${(measuredMs / 1000).toFixed(1)} s (${((ORDERS * 1000) / measuredMs).toFixed(1)} orders/s at ${IN_FLIGHT} in flight); guests with not exactly one e-mail: ${notOnce} (must be 0)`,
      `where the time goes (p50 after the webhook, from each service's own timestamp): ordering paid the order +${ms(steps.paid)}, ticketing issued the tickets +${ms(steps.issued)}, notifications recorded the confirmation +${ms(steps.recorded)}, in the inbox +${ms(steps.inbox)} (rendering the PDF and QR codes, the send job and SMTP: the last step)`,
      `message: ${kb(wireBytes)} as sent over SMTP; "${template.subject}", HTML ${kb(Buffer.byteLength(template.html))}, text ${kb(Buffer.byteLength(template.text))}, ${attachments.length} attachment${attachments.length === 1 ? '' : 's'} of ${kb(attachmentBytes)} (${attachments.map((attachment) => `${attachment.filename ?? '(inline)'} ${attachment.contentType} ${kb(attachment.content.length)}`).join(', ')})`,
    );

    notes.push(
      `path: for each order (€${(PRICE_MINOR / 100).toFixed(2)} × ${TICKETS_PER_ORDER} tickets, placed through ordering.Checkout and sent to Stripe through payments.CreatePayment before the measurement, both services having applied the order's "pending"), the Stripe stand-in (testing/src/stripe-stand-in.ts) completes the Checkout session and signs checkout.session.completed with the SDK's generateTestHeaderString; timed from just before POST /api/webhooks/stripe to next start (the production build of bff/), which hands it to payments (PAYMENT_PROVIDER=stripe, the real stripe SDK), until the sink has parsed the whole confirmation to the order's guest; the message must name the order number. Any webhook answer but 200 with applied: true, or no e-mail within 60 s, fails the run.`,
      `arrival: the SMTP sink (@kassa/platform/testing startSmtpSink, what the stack's mail inbox runs) is in this process; each delivery subscribes to it before sending and is woken by the message's arrival (no polling).`,
      `baseline: nodemailer with notifications' transport settings (pooled, 5 connections) sending the first warm-up confirmation as received (subject, HTML and text parts, the same attachments) to a fresh address, timed from sendMail until the sink has the message; ${BASELINE_SENDS} sends (${half} before and ${half} after the orders), ${BASELINE_WARMUP} warm-up sends not counted.`,
      `load: ${IN_FLIGHT} deliveries in flight (a worker starts the next when its message has arrived), ${WARMUP_ORDERS} warm-up orders not counted; percentiles are nearest-rank over the ${ORDERS} orders.`,
      `services: identity, catalog, ordering, payments, ticketing and notifications from testing/src/stack.ts (their production bundles, node --enable-source-maps dist/main.js with NODE_ENV=production; own databases, namespace and ports, LOG_LEVEL warn) and next start (LOG_LEVEL warn), all on this machine with the driver, the Stripe stand-in, the sink and PostgreSQL; notifications sends with 4 concurrent send jobs (BullMQ) over 5 pooled SMTP connections.`,
    );
  } finally {
    await cleanup.run();
  }

  console.log('Kassa confirmation e-mail benchmark (ratio = value / baseline; above 1 means slower)');
  console.log(formatTable(figures));
  if (meter && cpu.length > 0) console.log(meter.format(cpu));
  for (const line of lines) console.log(line);
  for (const note of notes) console.log(`- ${note}`);
  const seconds = (from: number, to: number) => ((to - from) / 1000).toFixed(1);
  console.log(
    `run time: ${seconds(serverReady, performance.now())} s measuring, after ${seconds(started, serverReady)} s starting the services, placing the orders, waiting for the build lock, building if stale and starting next start`,
  );
  console.log(
    machineNote('BFF and service SDKs started without exporter (OTEL_EXPORTER_OTLP_ENDPOINT unset), nothing exported'),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
