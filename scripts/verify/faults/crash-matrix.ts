// The crash-point matrix: a kill -9 of a saga service at each step boundary of a purchase (KASSA_CRASH_POINT, see
// services/platform/src/lifecycle/crash-point.ts). A service is started again with the point just before the guest's
// step that reaches it, dies there, and is started again without it, as a Deployment would; the guest meanwhile
// retries what failed. Points of different services that a purchase reaches independently share one purchase (a
// round), so the matrix costs a few purchases rather than one each; every point still gets its own kill. At CI size
// one purchase crosses one point of each kind the issue names (and the saga's own ordering point); at full size,
// every point.
import { setTimeout as sleep } from 'node:timers/promises';
import type { ManagedProcess } from '@kassa/testing/processes';
import type { Size } from '../figures';
import { checkoutPatiently, payPatiently, waitUntilPaid } from './patient-guest';
import type { SagaProbe } from './saga-probe';

export type CrashService = 'ordering' | 'payments' | 'ticketing' | 'notifications';
/** The guest's step before which the service is armed: the point's next pass is then this purchase's. */
export type GuestStep = 'checkout' | 'pay';

export interface CrashCase {
  service: CrashService;
  point: string;
  armBefore: GuestStep;
  /** The step boundary, in words. */
  boundary: string;
  /** In the CI-size matrix too. */
  ci?: boolean;
}

/** Every step boundary a purchase paid with the demo provider crosses, in the saga's order. */
export const CRASH_MATRIX: readonly CrashCase[] = [
  {
    service: 'ordering',
    point: 'outbox.before-publish',
    armBefore: 'checkout',
    boundary: 'order.reserved committed, not yet published (after commit, before publish)',
    ci: true,
  },
  {
    service: 'payments',
    point: 'payments.after-attempt-created',
    armBefore: 'checkout',
    boundary: 'payment attempt stored, provider not yet called',
  },
  {
    service: 'payments',
    point: 'payments.after-provider-call',
    armBefore: 'checkout',
    boundary: 'provider session made, its id not yet saved (after provider call, before saving its id)',
    ci: true,
  },
  {
    service: 'payments',
    point: 'outbox.before-publish',
    armBefore: 'checkout',
    boundary: 'payment.pending committed, not yet published',
  },
  {
    service: 'payments',
    point: 'payments.after-provider-event-applied',
    armBefore: 'pay',
    boundary: "the guest's payment applied, the answer not yet sent",
  },
  {
    service: 'payments',
    point: 'outbox.after-publish',
    armBefore: 'pay',
    boundary: 'payment.succeeded published, not yet marked (after publish, before mark)',
    ci: true,
  },
  {
    service: 'ordering',
    point: 'consumer.after-effect-before-ack',
    armBefore: 'pay',
    boundary: 'payment.succeeded applied (order paid), not yet acknowledged (after effect, before ack)',
  },
  {
    service: 'ordering',
    point: 'ordering.after-payment-applied',
    armBefore: 'pay',
    boundary: 'the order paid and committed, the payment message not yet acknowledged',
    ci: true,
  },
  {
    service: 'ordering',
    point: 'outbox.after-publish',
    armBefore: 'pay',
    boundary: 'order.paid published, not yet marked',
  },
  {
    service: 'ticketing',
    point: 'consumer.after-effect-before-ack',
    armBefore: 'pay',
    boundary: 'tickets issued, order.paid not yet acknowledged (after effect, before ack)',
    ci: true,
  },
  {
    service: 'ticketing',
    point: 'outbox.before-publish',
    armBefore: 'pay',
    boundary: 'tickets.issued committed, not yet published',
  },
  {
    service: 'ticketing',
    point: 'outbox.after-publish',
    armBefore: 'pay',
    boundary: 'tickets.issued published, not yet marked',
  },
  {
    service: 'notifications',
    point: 'consumer.after-effect-before-ack',
    armBefore: 'pay',
    boundary: 'confirmation recorded, tickets.issued not yet acknowledged, its send job not yet queued',
  },
  {
    service: 'notifications',
    point: 'notifications.after-email-send-before-mark',
    armBefore: 'pay',
    boundary: 'confirmation accepted by SMTP, not yet marked sent (after e-mail send, before marking)',
    ci: true,
  },
  {
    service: 'notifications',
    point: 'outbox.before-publish',
    armBefore: 'pay',
    boundary: 'email.status_changed committed, not yet published',
  },
];

/** The matrix of a size: at CI size, the cases marked `ci` (one purchase). */
export const crashMatrix = (size: Size): CrashCase[] => CRASH_MATRIX.filter((crash) => size === 'full' || crash.ci);

/** The point that can send an e-mail twice: each kill there may add one duplicate, and no other point may. */
export const SEND_POINT = 'notifications.after-email-send-before-mark';

export const caseName = (crash: CrashCase) => `${crash.service} ${crash.point}`;

/**
 * Groups the matrix into purchases: in each, a service is armed at most once per step (one process, one point), in
 * the matrix's order. As many rounds as the busiest (service, step) has points.
 */
export function crashRounds(matrix: readonly CrashCase[]): CrashCase[][] {
  const rounds: CrashCase[][] = [];
  for (const crash of matrix) {
    let round = rounds.find(
      (cases) => !cases.some((other) => other.service === crash.service && other.armBefore === crash.armBefore),
    );
    if (!round) rounds.push((round = []));
    round.push(crash);
  }
  return rounds;
}

/** What the matrix needs of a running stack. */
export interface CrashStack {
  bffUrl: string;
  process(service: CrashService): ManagedProcess;
  start(service: CrashService, extraEnv?: Record<string, string>): Promise<ManagedProcess>;
}

export interface CrashOutcome {
  crash: CrashCase;
  round: number;
  /** The armed process died by SIGKILL (it reached the point). */
  reached: boolean;
  orderId: string;
}

export interface CrashMatrixReport {
  outcomes: CrashOutcome[];
  /** The rounds' orders, paid in the end. */
  orderIds: string[];
  /** The guests' requests that failed and were made again. */
  guestRetries: number;
  /** Kills at the send point (the allowance for duplicate e-mails). */
  killsAtSendPoint: number;
  durationMs: number;
}

export interface CrashMatrixOptions {
  matrix: readonly CrashCase[];
  stack: CrashStack;
  probe: SagaProbe;
  shopId: string;
  itemId: string;
  /** A new address per round: the round's confirmation is told apart by it. */
  guestEmail(round: number): string;
  /** How long an armed process may take to reach its point (default 90 s). */
  reachTimeoutMs?: number;
  log?: (line: string) => void;
}

interface Armed {
  crash: CrashCase;
  process: ManagedProcess;
  /** Resolves once the process died and a plain one is ready again (or, if it never died, was put back). */
  settled: Promise<boolean>;
}

export async function runCrashMatrix(options: CrashMatrixOptions): Promise<CrashMatrixReport> {
  const { stack, probe } = options;
  const log = options.log ?? (() => undefined);
  const reachTimeoutMs = options.reachTimeoutMs ?? 180_000;
  const report: CrashMatrixReport = { outcomes: [], orderIds: [], guestRetries: 0, killsAtSendPoint: 0, durationMs: 0 };
  const begun = Date.now();

  /** Restarts the service with the point; once it dies there, starts it again without (or puts it back after the timeout). */
  async function arm(crash: CrashCase): Promise<Armed> {
    await stack.process(crash.service).stop();
    const armed = await stack.start(crash.service, { KASSA_CRASH_POINT: crash.point });
    const settled = (async () => {
      const timer = new AbortController();
      const timedOut = sleep(reachTimeoutMs, false, { signal: timer.signal }).catch(() => false);
      const died = await Promise.race([armed.exited.then(() => true), timedOut]);
      timer.abort();
      if (!died) await armed.stop();
      await stack.start(crash.service);
      return died && armed.child.signalCode === 'SIGKILL';
    })();
    return { crash, process: armed, settled };
  }

  // One after another: four services starting side by side on a 2-core machine took more than the minute a start may
  // take. Nothing reaches a point before the guest's next step, which waits for all of them.
  const armAll = async (cases: CrashCase[]): Promise<Armed[]> => {
    const armed: Armed[] = [];
    for (const crash of cases) armed.push(await arm(crash));
    return armed;
  };

  async function settle(armed: Armed[], round: number, orderId: string): Promise<void> {
    for (const entry of armed) {
      const reached = await entry.settled;
      report.outcomes.push({ crash: entry.crash, round, reached, orderId });
      if (reached && entry.crash.point === SEND_POINT) report.killsAtSendPoint += 1;
      log(`crash ${caseName(entry.crash)}: ${reached ? 'killed there, started again' : 'NOT reached'}`);
    }
  }

  for (const [index, cases] of crashRounds(options.matrix).entries()) {
    const round = index + 1;
    log(`crash round ${round}: ${cases.map(caseName).join(', ')}`);
    await probe.waitAtRest();
    const atCheckout = await armAll(cases.filter((crash) => crash.armBefore === 'checkout'));
    log(`armed before checkout: ${atCheckout.map((armed) => caseName(armed.crash)).join(', ') || 'none'}`);
    const purchase = await checkoutPatiently(stack.bffUrl, options.shopId, options.itemId, options.guestEmail(round));
    log(`checked out (${purchase.retries} retries)`);
    report.guestRetries += purchase.retries;
    report.orderIds.push(purchase.orderId);
    await settle(atCheckout, round, purchase.orderId);

    await probe.waitAtRest();
    const atPay = await armAll(cases.filter((crash) => crash.armBefore === 'pay'));
    log(`armed before pay: ${atPay.map((armed) => caseName(armed.crash)).join(', ') || 'none'}`);
    const payRetries = await payPatiently(stack.bffUrl, purchase);
    log(`paid (${payRetries} retries)`);
    report.guestRetries += payRetries;
    await settle(atPay, round, purchase.orderId);
    await waitUntilPaid(stack.bffUrl, purchase);
  }
  report.durationMs = Date.now() - begun;
  return report;
}
