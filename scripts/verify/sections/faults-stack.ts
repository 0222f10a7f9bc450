// What the two files of the fault section share (faults.e2e-alone.test.ts: the supervisor, in `npm test` at CI size;
// crash-points.verify.test.ts: the crash-point matrix, in `npm run verify` only): a stack of their own, the saga
// probe, and the reconciler's and the inbox's figures. PostgreSQL, Redis and NATS are machine-wide: these files run
// under /tmp/kassa-heavy.lock like every e2e run, and leave all three running whatever happens.
import { signUpViaApi, testAddress, type SignedInAccount } from '@kassa/testing/accounts';
import { inboxMessages } from '@kassa/testing/mail';
import { openShopWithOneEvent, type OpenShop } from '@kassa/testing/sales';
import { type Stack, startStack } from '@kassa/testing/stack';
import { mustBeZero, type VerifyFigure } from '../figures';
import { compareEmailDelivery, type RecordedEmail } from '../faults/email-delivery';
import { ensureInfrastructureUp } from '../faults/infrastructure';
import { openSagaProbe, type SagaProbe } from '../faults/saga-probe';
import { sagaDatabaseUrls } from '../faults/stack-adapters';
import { LOAD_BFF_ENV } from '../load/driver';
import { readSnapshot, reconcileSnapshot, type Reconciliation } from '../reconcile';

export const SECTION = 'faults';
/** notifications' send worker runs this many sends at once: each interruption can catch that many between send and record. */
export const SEND_CONCURRENCY = 4;

export interface FaultsStack {
  stack: Stack;
  probe: SagaProbe;
  owner: SignedInAccount;
}

/** A line of the section's log, with the seconds since `started`. */
export const faultsLog = (started: number) => (line: string) =>
  process.stdout.write(`[faults ${Math.round((Date.now() - started) / 1000)} s] ${line}\n`);

/** Every service, the BFF (LOAD_BFF_ENV) and a mail inbox, and an organiser signed up through the BFF. */
export async function openFaultsStack(name: string): Promise<FaultsStack> {
  await ensureInfrastructureUp();
  const quiet = { LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn' };
  // The order sweeper every 5 s instead of every minute: a Redis restart loses delayed expiry jobs, and the sweep
  // that expires those holds is what the settle waits for (docs/ARCHITECTURE.md, "Verification").
  const ordering = { ...quiet, ORDER_SWEEP_INTERVAL_SECONDS: '5' };
  const stack = await startStack(
    name,
    ['mail', 'identity', 'catalog', 'ordering', 'payments', 'ticketing', 'notifications', 'bff'],
    {
      env: {
        identity: quiet,
        catalog: quiet,
        ordering,
        payments: quiet,
        ticketing: quiet,
        notifications: quiet,
        bff: LOAD_BFF_ENV,
      },
    },
  );
  const probe = await openSagaProbe({ namespace: stack.info.namespace, databaseUrls: sagaDatabaseUrls(stack.info) });
  const owner = await signUpViaApi(
    stack.info.bffUrl!,
    stack.info.mailInboxUrl!,
    testAddress(`${name}-organiser`),
    'Faults Organiser',
  );
  return { stack, probe, owner };
}

/**
 * Registers the test file's beforeAll and afterAll: a faults stack named `name` with one shop of one event, ready
 * when ordering and ticketing have projected it. Read `faults` and `shop` inside the tests.
 */
export function useFaultsStack(
  name: string,
  shop: { name: string; capacity: number; priceMinor: number },
  log: (line: string) => void,
): { faults: FaultsStack; shop: OpenShop } {
  const opened = {} as { faults: FaultsStack; shop: OpenShop };
  beforeAll(async () => {
    opened.faults = await openFaultsStack(name);
    opened.shop = await openShopWithOneEvent(opened.faults.owner, opened.faults.stack.info, shop);
    await opened.faults.probe.waitAtRest();
    log(`stack up (${process.env.VERIFY_SIZE === 'full' ? 'full' : 'ci'} size)`);
  }, 300_000);
  afterAll(async () => {
    await closeFaultsStack(opened.faults);
    log('done');
  }, 120_000);
  return opened;
}

/** Whatever failed, the machine's PostgreSQL, Redis and NATS run again for everyone else. */
export async function closeFaultsStack(faults: FaultsStack | undefined): Promise<void> {
  try {
    await ensureInfrastructureUp();
  } finally {
    await faults?.probe.close();
    await faults?.stack.stop();
  }
}

/** The reconciler's figures of one part, over the orders it made. */
export function reconciledFigures(part: string, found: Reconciliation): VerifyFigure[] {
  const example = (finding: string) => {
    const entries = Object.entries(found.examples).filter(([name]) => name.includes(finding));
    return entries.length ? entries.map(([name, ids]) => `${name}: ${ids.join(', ')}`).join('; ') : undefined;
  };
  return [
    mustBeZero(SECTION, `${part}: orders lost (or never ended)`, found.ordersLost, example('order')),
    mustBeZero(SECTION, `${part}: paid without tickets`, found.paidWithoutTickets, example('tickets')),
    mustBeZero(SECTION, `${part}: duplicate tickets`, found.duplicateTickets, example('tickets')),
    mustBeZero(SECTION, `${part}: duplicate charges`, found.duplicateCharges, example('charged')),
    mustBeZero(
      SECTION,
      `${part}: successful payments neither paid nor refunded`,
      found.successfulPaymentsNeitherPaidNorRefunded,
      example('successful payment'),
    ),
    mustBeZero(
      SECTION,
      `${part}: paid orders without a confirmation e-mail`,
      found.missingConfirmations,
      example('confirmation'),
    ),
    mustBeZero(
      SECTION,
      `${part}: confirmations recorded twice for one order`,
      found.duplicateEmails,
      example('more than one confirmation'),
    ),
    mustBeZero(SECTION, `${part}: outbox rows never published`, found.unpublishedOutboxRows),
    mustBeZero(SECTION, `${part}: messages parked as poison`, found.parkedMessages),
    mustBeZero(
      SECTION,
      `${part}: money captured − refunded ≠ what the order holds`,
      found.ledgerMismatch,
      example('money'),
    ),
  ];
}

/** The inbox's messages to addresses containing `marker`, and notifications' record of the order e-mails to them. */
export async function emailsTo(faults: FaultsStack, marker: string) {
  const delivered = (await inboxMessages(faults.stack.info.mailInboxUrl!)).filter((message) =>
    message.to.includes(marker),
  );
  const recorded = await faults.probe.query<RecordedEmail>(
    'notifications',
    "select recipient, subject, status from email_message where subject_ref like 'ord\\_%' and strpos(recipient, $1) > 0",
    [marker],
  );
  return { delivered, delivery: compareEmailDelivery(recorded, delivered) };
}

/** The e-mail figures of one part. */
export const deliveryFigures = (part: string, delivery: ReturnType<typeof compareEmailDelivery>): VerifyFigure[] => [
  mustBeZero(
    SECTION,
    `${part}: e-mails recorded as sent that never reached the inbox`,
    delivery.sentButNotDelivered,
    delivery.examples.join('; ') || undefined,
  ),
  mustBeZero(
    SECTION,
    `${part}: e-mails given up or never sent`,
    delivery.givenUp + delivery.unsent,
    delivery.examples.join('; ') || undefined,
  ),
];

/** The reconciliation of the stack's databases, limited to the given orders (the other part's orders are its own business). */
export async function reconcileOrders(
  faults: FaultsStack,
  orderIds: ReadonlySet<string> | undefined,
  ledger?: Parameters<typeof reconcileSnapshot>[1],
): Promise<Reconciliation> {
  const snapshot = await readSnapshot(faults.stack.info);
  if (orderIds) {
    snapshot.orders = snapshot.orders.filter((order) => orderIds.has(order.id));
    snapshot.attempts = snapshot.attempts.filter((attempt) => orderIds.has(attempt.orderId));
    snapshot.tickets = snapshot.tickets.filter((tickets) => orderIds.has(tickets.orderId));
    snapshot.confirmations = new Map([...snapshot.confirmations].filter(([orderId]) => orderIds.has(orderId)));
  }
  return reconcileSnapshot(snapshot, ledger);
}
