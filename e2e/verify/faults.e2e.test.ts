// `npm run verify`, section "faults": the platform loses nothing and does nothing twice when its processes die and its
// infrastructure goes away under it. On one stack of its own (every service, the BFF and a mail inbox):
//
// 1. The crash-point matrix: a kill -9 (KASSA_CRASH_POINT) of ordering, payments, ticketing or notifications at each
//    step boundary of a purchase (scripts/verify/faults/crash-matrix.ts): after a commit before its publish, after a
//    publish before its mark, after an effect before its ack, after the provider call before its id is saved, after
//    the SMTP send before it is recorded, and the saga's own points. The killed service is started again; the guest
//    retries what failed. Every purchase must end paid once, with its tickets and its e-mail.
// 2. The supervisor: buyers keep buying through the BFF (scripts/verify/load) while ordering, payments, ticketing,
//    notifications and the BFF are killed with SIGKILL in turn and started again, and PostgreSQL, Redis and NATS are
//    restarted in between. The outbox relays run inside the services' processes, so every service kill is also a kill
//    of its relay mid-batch.
// After each part the stack settles and the shared reconciler (scripts/verify/reconcile.ts) reads every database.
// PostgreSQL, Redis and NATS are machine-wide: this file runs under /tmp/kassa-heavy.lock like every e2e run, and
// leaves all three running whatever happens.
import { setTimeout as sleep } from 'node:timers/promises';
import { signUpViaApi, testAddress } from '../support/accounts';
import { inboxMessages } from '../support/mail';
import { openShopWithOneEvent, type OpenShop } from '../support/sales';
import { type Stack, startStack } from '../support/stack';
import { formatFigures, mustBeAtLeast, mustBeAtMost, mustBeZero, mustEqual, recordFigures, type VerifyFigure, verifySize } from '../../scripts/verify/figures';
import { caseName, crashMatrix, runCrashMatrix } from '../../scripts/verify/faults/crash-matrix';
import { findDuplicateEmails } from '../../scripts/verify/faults/duplicate-emails';
import { compareEmailDelivery, type RecordedEmail } from '../../scripts/verify/faults/email-delivery';
import { ensureInfrastructureUp, INFRASTRUCTURE } from '../../scripts/verify/faults/infrastructure';
import { openSagaProbe, type SagaProbe } from '../../scripts/verify/faults/saga-probe';
import { waitUntilSettled } from '../../scripts/verify/faults/settle';
import { crashStack, endHoldsNow, sagaDatabaseUrls, supervisedStack } from '../../scripts/verify/faults/stack-adapters';
import { faultSchedule, supervise } from '../../scripts/verify/faults/supervisor';
import { LOAD_BFF_ENV, lookAtOrders, runLoad } from '../../scripts/verify/load/driver';
import { readSnapshot, reconcileSnapshot, type Reconciliation } from '../../scripts/verify/reconcile';

const SECTION = 'faults';
const size = verifySize();
const SIZES = {
  // Budget: the whole file in about six minutes on a small machine, stack start included. Few buyers at once: the
  // faults are the point here (the load section measures throughput), and every restart competes with them for CPU.
  ci: { kills: 6, buyers: 200, concurrency: 2, settleMs: 150_000 },
  full: { kills: 20, buyers: 5_000, concurrency: 6, settleMs: 600_000 },
}[size];
/** notifications' send worker runs this many sends at once: each interruption can catch that many between send and record. */
const SEND_CONCURRENCY = 4;

jest.setTimeout(size === 'full' ? 60 * 60_000 : 15 * 60_000);

let stack: Stack;
let probe: SagaProbe;
let crashShop: OpenShop;
let loadShop: OpenShop;
const started = Date.now();
const log = (line: string) => process.stdout.write(`[faults ${Math.round((Date.now() - started) / 1000)} s] ${line}\n`);

beforeAll(async () => {
  await ensureInfrastructureUp();
  const quiet = { LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn' };
  stack = await startStack('faults', ['mail', 'identity', 'catalog', 'ordering', 'payments', 'ticketing', 'notifications', 'bff'], {
    env: { identity: quiet, catalog: quiet, ordering: quiet, payments: quiet, ticketing: quiet, notifications: quiet, bff: LOAD_BFF_ENV },
  });
  probe = await openSagaProbe({ namespace: stack.info.namespace, databaseUrls: sagaDatabaseUrls(stack.info) });
  const owner = await signUpViaApi(stack.info.bffUrl!, stack.info.mailInboxUrl!, testAddress('faults-organiser'), 'Faults Organiser');
  crashShop = await openShopWithOneEvent(owner, stack.info, { name: 'Crash Point Hall', capacity: 100, priceMinor: 2500 });
  loadShop = await openShopWithOneEvent(owner, stack.info, { name: 'Supervised Arena', capacity: 100_000, priceMinor: 1500 });
  // ordering and ticketing have projected both shops.
  await probe.waitAtRest();
  log(`stack up (${size} size)`);
}, 300_000);

afterAll(async () => {
  // Whatever failed, the machine's PostgreSQL, Redis and NATS run again for everyone else.
  try {
    await ensureInfrastructureUp();
  } finally {
    await probe?.close();
    await stack?.stop();
    log('done');
  }
}, 120_000);

/** The reconciler's figures of one part, over the orders it made. */
function reconciledFigures(part: string, found: Reconciliation): VerifyFigure[] {
  const example = (finding: string) => {
    const entries = Object.entries(found.examples).filter(([name]) => name.includes(finding));
    return entries.length ? entries.map(([name, ids]) => `${name}: ${ids.join(', ')}`).join('; ') : undefined;
  };
  return [
    mustBeZero(SECTION, `${part}: orders lost (or never ended)`, found.ordersLost, example('order')),
    mustBeZero(SECTION, `${part}: paid without tickets`, found.paidWithoutTickets, example('tickets')),
    mustBeZero(SECTION, `${part}: duplicate tickets`, found.duplicateTickets, example('tickets')),
    mustBeZero(SECTION, `${part}: duplicate charges`, found.duplicateCharges, example('charged')),
    mustBeZero(SECTION, `${part}: successful payments neither paid nor refunded`, found.successfulPaymentsNeitherPaidNorRefunded, example('successful payment')),
    mustBeZero(SECTION, `${part}: paid orders without a confirmation e-mail`, found.missingConfirmations, example('confirmation')),
    mustBeZero(SECTION, `${part}: confirmations recorded twice for one order`, found.duplicateEmails, example('more than one confirmation')),
    mustBeZero(SECTION, `${part}: outbox rows never published`, found.unpublishedOutboxRows),
    mustBeZero(SECTION, `${part}: messages parked as poison`, found.parkedMessages),
    mustBeZero(SECTION, `${part}: money captured − refunded ≠ what the order holds`, found.ledgerMismatch, example('money')),
  ];
}

/** The inbox's messages to addresses containing `marker`, and notifications' record of the order e-mails to them. */
async function emailsTo(marker: string) {
  const delivered = (await inboxMessages(stack.info.mailInboxUrl!)).filter((message) => message.to.includes(marker));
  const recorded = await probe.query<RecordedEmail>('notifications', "select recipient, subject, status from email_message where subject_ref like 'ord\\_%' and strpos(recipient, $1) > 0", [marker]);
  return { delivered, delivery: compareEmailDelivery(recorded, delivered) };
}

/** The e-mail figures of one part. */
const deliveryFigures = (part: string, delivery: ReturnType<typeof compareEmailDelivery>): VerifyFigure[] => [
  mustBeZero(SECTION, `${part}: e-mails recorded as sent that never reached the inbox`, delivery.sentButNotDelivered, delivery.examples.join('; ') || undefined),
  mustBeZero(SECTION, `${part}: e-mails given up or never sent`, delivery.givenUp + delivery.unsent, delivery.examples.join('; ') || undefined),
];

/** The reconciliation of the stack's databases, limited to the given orders (the other part's orders are its own business). */
async function reconcileOrders(orderIds: ReadonlySet<string> | undefined, ledger?: Parameters<typeof reconcileSnapshot>[1]): Promise<Reconciliation> {
  const snapshot = await readSnapshot(stack.info);
  if (orderIds) {
    snapshot.orders = snapshot.orders.filter((order) => orderIds.has(order.id));
    snapshot.attempts = snapshot.attempts.filter((attempt) => orderIds.has(attempt.orderId));
    snapshot.tickets = snapshot.tickets.filter((tickets) => orderIds.has(tickets.orderId));
    snapshot.confirmations = new Map([...snapshot.confirmations].filter(([orderId]) => orderIds.has(orderId)));
  }
  return reconcileSnapshot(snapshot, ledger);
}

it('the crash-point matrix: a kill -9 at each step boundary of a purchase, and every purchase paid once, ticketed and confirmed', async () => {
  const cases = crashMatrix(size);
  const matrix = await runCrashMatrix({
    matrix: cases,
    stack: crashStack(stack),
    probe,
    shopId: crashShop.shopId,
    itemId: crashShop.itemId,
    guestEmail: (round) => testAddress(`crash-round-${round}`),
    log,
  });
  const settled = await waitUntilSettled(stack.info, SIZES.settleMs, log);
  const found = await reconcileOrders(new Set(matrix.orderIds));
  const { delivered: inbox, delivery } = await emailsTo('crash-round-');
  // A kill at the send point may send that round's confirmation again, and nothing else may.
  const duplicates = findDuplicateEmails(inbox, []);
  const missed = matrix.outcomes.filter((outcome) => !outcome.reached).map((outcome) => caseName(outcome.crash));
  log(`crash matrix: ${matrix.outcomes.length} points in ${matrix.orderIds.length} purchases, ${matrix.guestRetries} guest retries, ${Math.round(matrix.durationMs / 1000)} s; settled: ${settled.last}`);

  const figures = [
    mustEqual(SECTION, 'crash points: step boundaries of a purchase killed at (kill -9, KASSA_CRASH_POINT)', matrix.outcomes.filter((outcome) => outcome.reached).length, cases.length, missed.length ? `never reached: ${missed.join(', ')}` : undefined),
    mustEqual(SECTION, 'crash points: purchases paid', found.counts.orders.paid ?? 0, matrix.orderIds.length),
    mustEqual(SECTION, 'crash points: settled afterwards (1 = yes)', settled.settled ? 1 : 0, 1, settled.last),
    ...reconciledFigures('crash points', found),
    mustBeAtMost(SECTION, 'crash points: duplicate e-mails (≤ kills at the send point)', duplicates.duplicates, matrix.killsAtSendPoint, duplicates.examples.join('; ')),
    mustEqual(SECTION, 'crash points: guests who got their confirmation', new Set(inbox.map((message) => message.to)).size, matrix.orderIds.length),
    ...deliveryFigures('crash points', delivery),
  ];
  log(`kills at the send point: ${matrix.killsAtSendPoint}, duplicate e-mails: ${duplicates.duplicates}`);
  recordFigures(SECTION, figures);
  log(`\n${formatFigures(figures)}`);
  expect(figures.filter((figure) => !figure.ok)).toEqual([]);
});

it('the supervisor: kill -9 of every saga service and the BFF in turn, and PostgreSQL, Redis and NATS restarted, during load; nothing lost or doubled', async () => {
  const schedule = faultSchedule(SIZES.kills);
  await probe.waitAtRest();
  const stopLoad = new AbortController();
  const load = runLoad(stack.info.bffUrl!, loadShop, {
    durationMs: 60 * 60_000,
    attempts: SIZES.buyers * 4,
    buyers: SIZES.buyers,
    concurrency: SIZES.concurrency,
    // Late payers wait for their hold's end (the shop's 15 minutes): the load section covers them.
    shares: { late: 0 },
    signal: stopLoad.signal,
    log,
  });
  let supervised;
  try {
    // Buyers first, then faults under them; a few seconds of load after the last fault.
    await sleep(3_000);
    supervised = await supervise(schedule, supervisedStack(stack), { log, pauseMs: 1_000 });
    await sleep(3_000);
  } finally {
    stopLoad.abort();
  }
  const outcome = await load;
  log(`load: ${outcome.counts.attempts} checkouts, ${outcome.counts.placed} orders, ${outcome.counts.pressed.pay} pays in ${Math.round(outcome.durationMs / 1000)} s; http ${JSON.stringify(outcome.http)}`);

  // Orders the guests left held end now (see endHoldsNow); then the stack must settle by itself.
  const held = await endHoldsNow(stack.info);
  const settled = await waitUntilSettled(stack.info, SIZES.settleMs, log);
  await lookAtOrders(stack.info.bffUrl!, outcome);
  const loadOrders = new Set(Object.keys(outcome.ledger.orders));
  const found = await reconcileOrders(loadOrders, outcome.ledger);

  // Duplicate e-mails: each must follow a kill of notifications or a PostgreSQL restart (a send that could not be
  // recorded), at most SEND_CONCURRENCY per such interruption.
  // The buyers' addresses carry the run's id.
  const { delivered: inbox, delivery } = await emailsTo(`-${outcome.runId}@`);
  const interruptions = [
    ...supervised.kills.filter((kill) => kill.target === 'notifications').map((kill) => kill.at),
    ...supervised.restarts.filter((restart) => restart.what === 'postgresql').map((restart) => restart.at),
  ];
  const duplicates = findDuplicateEmails(inbox, interruptions);
  log(`held orders ended: ${held.held}, of which Redis still had ${held.jobsFound} expiry jobs (the rest are expired by ordering's minute sweep); settled in ${Math.round(settled.waitedMs / 1000)} s: ${settled.last}; orders ${JSON.stringify(found.counts.orders)}`);

  const sigkills = supervised.kills.filter((kill) => kill.signal === 'SIGKILL').length;
  const killedTargets = [...new Set(supervised.kills.map((kill) => kill.target))].join(', ');
  const figures = [
    mustBeAtLeast(SECTION, 'supervisor: kill -9 of ordering, payments, ticketing, notifications (each with its in-process outbox relay) and the BFF', sigkills, SIZES.kills, `killed: ${killedTargets}`),
    mustEqual(SECTION, 'supervisor: PostgreSQL, Redis and NATS restarts mid-flow', supervised.restarts.length, INFRASTRUCTURE.length),
    mustEqual(SECTION, 'supervisor: settled afterwards (1 = yes)', settled.settled ? 1 : 0, 1, settled.last),
    mustBeAtLeast(SECTION, 'supervisor: orders paid during the faults', found.counts.orders.paid ?? 0, 1),
    ...reconciledFigures('supervisor', found),
    mustBeZero(SECTION, 'supervisor: guests shown another status or total than ordering holds', found.clientMismatch, Object.entries(found.examples).filter(([name]) => name.includes('client')).map(([, ids]) => ids.join(', ')).join('; ') || undefined),
    mustBeAtMost(SECTION, 'supervisor: duplicate e-mails (≤ sends caught by a notifications kill or PostgreSQL restart)', duplicates.duplicates, interruptions.length * SEND_CONCURRENCY, duplicates.examples.join('; ')),
    mustBeZero(SECTION, 'supervisor: duplicate e-mails after no kill or restart', duplicates.unexplained, duplicates.examples.join('; ')),
    ...deliveryFigures('supervisor', delivery),
    mustBeZero(SECTION, 'supervisor: checkouts answered two different orders for one double-click', outcome.counts.doubleClickSplit),
  ];
  recordFigures(SECTION, figures);
  log(`\n${formatFigures(figures)}`);
  expect(figures.filter((figure) => !figure.ok)).toEqual([]);
});
