// `npm run verify`, section "faults", part 2 (part 1, the crash-point matrix, is crash-points.verify.test.ts): buyers
// keep buying through the BFF (scripts/verify/load) while ordering, payments, ticketing, notifications and the BFF
// are killed with SIGKILL in turn and started again, and PostgreSQL, Redis and NATS are restarted in between. The
// outbox relays run inside the services' processes, so every service kill is also a kill of its relay mid-batch.
// After the faults the stack settles and the shared reconciler (scripts/verify/reconcile.ts) reads every database.
// In `npm test` at CI size (each target killed once); in `npm run verify` at the size (twenty kills).
import { setTimeout as sleep } from 'node:timers/promises';
import {
  formatFigures,
  mustBeAtLeast,
  mustBeAtMost,
  mustBeZero,
  mustEqual,
  recordFigures,
  verifySize,
} from '../figures';
import { findDuplicateEmails } from '../faults/duplicate-emails';
import { INFRASTRUCTURE } from '../faults/infrastructure';
import { waitUntilSettled } from '../faults/settle';
import { supervisedStack } from '../faults/stack-adapters';
import { faultSchedule, supervise } from '../faults/supervisor';
import { endHoldsNow } from '@kassa/testing/holds';
import { lookAtOrders, runLoad } from '../load/driver';
import {
  deliveryFigures,
  emailsTo,
  faultsLog,
  reconciledFigures,
  reconcileOrders,
  SECTION,
  SEND_CONCURRENCY,
  useFaultsStack,
} from './faults-stack';

const size = verifySize();
const SIZES = {
  // Budget: about four minutes on a small machine, stack start included. Few buyers at once: the faults are the
  // point here (the load section measures throughput), and every restart competes with them for CPU.
  ci: { kills: 5, buyers: 200, concurrency: 2, settleMs: 150_000 },
  full: { kills: 20, buyers: 5_000, concurrency: 6, settleMs: 600_000 },
}[size];

jest.setTimeout(size === 'full' ? 60 * 60_000 : 15 * 60_000);

const log = faultsLog(Date.now());
const opened = useFaultsStack('faults', { name: 'Supervised Arena', capacity: 100_000, priceMinor: 1500 }, log);

it('the supervisor: kill -9 of every saga service and the BFF in turn, and PostgreSQL, Redis and NATS restarted, during load; nothing lost or doubled', async () => {
  const { faults, shop: loadShop } = opened;
  const schedule = faultSchedule(SIZES.kills);
  await faults.probe.waitAtRest();
  const stopLoad = new AbortController();
  const load = runLoad(faults.stack.info.bffUrl!, loadShop, {
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
    supervised = await supervise(schedule, supervisedStack(faults.stack), { log, pauseMs: 1_000 });
    await sleep(3_000);
  } finally {
    stopLoad.abort();
  }
  const outcome = await load;
  log(
    `load: ${outcome.counts.attempts} checkouts, ${outcome.counts.placed} orders, ${outcome.counts.pressed.pay} pays in ${Math.round(outcome.durationMs / 1000)} s; http ${JSON.stringify(outcome.http)}`,
  );

  // Orders the guests left held end now (see endHoldsNow); then the stack must settle by itself.
  const held = await endHoldsNow(faults.stack.info);
  const settled = await waitUntilSettled(faults.stack.info, SIZES.settleMs, log);
  await lookAtOrders(faults.stack.info.bffUrl!, outcome);
  const loadOrders = new Set(Object.keys(outcome.ledger.orders));
  const found = await reconcileOrders(faults, loadOrders, outcome.ledger);

  // Duplicate e-mails: each must follow a kill of notifications or a PostgreSQL restart (a send that could not be
  // recorded), at most SEND_CONCURRENCY per such interruption.
  // The buyers' addresses carry the run's id.
  const { delivered: inbox, delivery } = await emailsTo(faults, `-${outcome.runId}@`);
  const interruptions = [
    ...supervised.kills
      .filter((kill) => kill.target === 'notifications')
      .map((kill) => ({ at: kill.at, lastedMs: kill.outageMs })),
    ...supervised.restarts
      .filter((restart) => restart.what === 'postgresql')
      .map((restart) => ({ at: restart.at, lastedMs: restart.downMs })),
  ];
  const duplicates = findDuplicateEmails(inbox, interruptions);
  log(
    `held orders ended: ${held.held}, of which Redis still had ${held.jobsFound} expiry jobs (the rest are expired by ordering's sweep); settled in ${Math.round(settled.waitedMs / 1000)} s: ${settled.last}; orders ${JSON.stringify(found.counts.orders)}`,
  );

  const sigkills = supervised.kills.filter((kill) => kill.signal === 'SIGKILL').length;
  const killedTargets = [...new Set(supervised.kills.map((kill) => kill.target))].join(', ');
  const figures = [
    mustBeAtLeast(
      SECTION,
      'supervisor: kill -9 of ordering, payments, ticketing, notifications (each with its in-process outbox relay) and the BFF',
      sigkills,
      SIZES.kills,
      `killed: ${killedTargets}`,
    ),
    mustEqual(
      SECTION,
      'supervisor: PostgreSQL, Redis and NATS restarts mid-flow',
      supervised.restarts.length,
      INFRASTRUCTURE.length,
    ),
    mustEqual(SECTION, 'supervisor: settled afterwards (1 = yes)', settled.settled ? 1 : 0, 1, settled.last),
    mustBeAtLeast(SECTION, 'supervisor: orders paid during the faults', found.counts.orders.paid ?? 0, 1),
    ...reconciledFigures('supervisor', found),
    mustBeZero(
      SECTION,
      'supervisor: guests shown another status or total than ordering holds',
      found.clientMismatch,
      Object.entries(found.examples)
        .filter(([name]) => name.includes('client'))
        .map(([, ids]) => ids.join(', '))
        .join('; ') || undefined,
    ),
    mustBeAtMost(
      SECTION,
      'supervisor: duplicate e-mails (≤ sends caught by a notifications kill or PostgreSQL restart)',
      duplicates.duplicates,
      interruptions.length * SEND_CONCURRENCY,
      duplicates.examples.join('; '),
    ),
    mustBeZero(
      SECTION,
      'supervisor: duplicate e-mails after no kill or restart',
      duplicates.unexplained,
      duplicates.examples.join('; '),
    ),
    ...deliveryFigures('supervisor', delivery),
    mustBeZero(
      SECTION,
      'supervisor: checkouts answered two different orders for one double-click',
      outcome.counts.doubleClickSplit,
    ),
  ];
  recordFigures(SECTION, figures);
  log(`\n${formatFigures(figures)}`);
  expect(figures.filter((figure) => !figure.ok)).toEqual([]);
});
