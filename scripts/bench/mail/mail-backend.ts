// The services between a payment and the guest's inbox for the mail benchmark: identity, catalog, ordering,
// payments (PAYMENT_PROVIDER=stripe, the real SDK pointed at the local Stripe stand-in), ticketing and notifications
// from the e2e stack (their own databases, namespace and ports), with notifications' SMTP_URL pointed at an SMTP sink
// in this process (the same sink the stack's 'mail' inbox runs, here so that the benchmark hears each message
// arrive). Orders are placed and their Stripe Checkout sessions started ahead of the measurement, so that each
// measured path starts at the webhook. Stopped, databases dropped, streams and Redis keys removed, at cleanup.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { createGrpcClient, callerKeyFromRoot } from '@kassa/platform/grpc';
import { startSmtpSink, type SmtpSink } from '@kassa/platform/testing';
import { OrderServiceClient } from '@kassa/proto/ordering/v1/orders';
import { PaymentServiceClient } from '@kassa/proto/payments/v1/payments';
import { databaseUrl, startStack } from '@kassa/testing/stack';
import { startStripeStandIn, type StripeStandIn } from '@kassa/testing/stripe-stand-in';
import type { Cleanup } from '../lib/cleanup';
import type { ProcessGroup } from '../lib/process-cpu';
import { profiledServices, serviceProcessGroups } from '../lib/stack-processes';
import { removeNamespaceLeftovers } from '../scan/namespace-leftovers';
import { buildOrganiserShop, inBatches } from '../scan/organiser-shop';

export const PRICE_MINOR = 2_500;
export const TICKETS_PER_ORDER = 2;

/** An order held and pending at Stripe: the guest is on Stripe's page, about to pay. */
export interface PendingOrder {
  orderId: string;
  number: string;
  email: string;
  /** The stand-in's Checkout session ("cs_test_…"). */
  sessionId: string;
}

export interface MailBackend {
  namespace: string;
  catalogGrpc: string;
  /** The stack's KASSA_CALLER_KEY (base64url): the BFF started beside it signs its calls with it. */
  callerKey: string;
  orderingGrpc: string;
  paymentsGrpc: string;
  ticketingGrpc: string;
  notificationsGrpc: string;
  sink: SmtpSink;
  standIn: StripeStandIn;
  orders: PendingOrder[];
  /** The services' databases, to read when each step of the path happened. */
  databases: { ordering: string; ticketing: string; notifications: string };
  /** The services' processes, for CPU per request. */
  processGroups: ProcessGroup[];
}

const quiet = { LOG_LEVEL: 'warn' };

export async function startMailBackend(cleanup: Cleanup, orderCount: number): Promise<MailBackend> {
  const sink = await startSmtpSink();
  cleanup.add('stop the SMTP sink', () => sink.stop());
  const standIn = await startStripeStandIn();
  cleanup.add('stop the Stripe stand-in', () => standIn.stop());
  const stack = await startStack(
    'benchmail',
    ['identity', 'catalog', 'ordering', 'payments', 'ticketing', 'notifications'],
    {
      env: {
        identity: quiet,
        catalog: quiet,
        ordering: quiet,
        ticketing: quiet,
        notifications: { ...quiet, SMTP_URL: `smtp://127.0.0.1:${sink.port}` },
        payments: {
          ...quiet,
          PAYMENT_PROVIDER: 'stripe',
          STRIPE_SECRET_KEY: standIn.secretKey,
          STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
          STRIPE_API_HOST: standIn.host,
          STRIPE_API_PORT: String(standIn.port),
          STRIPE_API_PROTOCOL: 'http',
        },
      },
      bundles: true,
      cpuProfiles: profiledServices(),
    },
  );
  const namespace = stack.info.namespace;
  // Last in, first out: these run after the services have stopped.
  cleanup.add(`remove the JetStream streams and Redis keys of ${namespace}`, () => removeNamespaceLeftovers(namespace));
  cleanup.add('stop identity, catalog, ordering, payments, ticketing and notifications and drop their databases', () =>
    stack.stop(),
  );

  const shop = await buildOrganiserShop(stack.info, {
    name: 'Bench Mail Night',
    capacity: orderCount * TICKETS_PER_ORDER + 100,
    priceMinor: PRICE_MINOR,
    maxPerOrder: TICKETS_PER_ORDER,
    reservationMinutes: 60,
  });
  const orderClient = createGrpcClient(OrderServiceClient, stack.info.orderingGrpc!, {
    callerKey: callerKeyFromRoot(stack.info.env.KASSA_CALLER_KEY!),
    deadlineMs: 30_000,
  });
  const paymentClient = createGrpcClient(PaymentServiceClient, stack.info.paymentsGrpc!, {
    callerKey: callerKeyFromRoot(stack.info.env.KASSA_CALLER_KEY!),
    deadlineMs: 30_000,
  });
  cleanup.add('close the set-up gRPC clients', async () =>
    [orderClient, paymentClient].forEach((client) => client.close()),
  );

  const run = randomBytes(4).toString('hex');
  const orders = await inBatches(
    Array.from({ length: orderCount }, (_, index) => index),
    4,
    async (index): Promise<PendingOrder> => {
      const email = `guest${index}-${run}@example.test`;
      const { order } = await orderClient.checkout({
        shopId: shop.shopId,
        lines: [{ itemId: shop.itemId, quantity: TICKETS_PER_ORDER }],
        email,
        discountCode: '',
        donationMinor: 0,
        subscribe: false,
        idempotencyKey: `benchmail-${run}-${index}`,
        accessToken: '',
        locale: 'en',
        clientAddress: '',
      });
      if (order?.status !== 'reserved')
        throw new Error(`a checkout answered ${JSON.stringify(order)}; expected a reserved order`);
      // The guest's Pay, as the BFF sends it: with the order's access key from the checkout.
      const { payment } = await paymentClient.createPayment({
        orderId: order.id,
        idempotencyKey: `benchmail-pay-${run}-${index}`,
        returnOrigin: 'http://localhost:3000',
        orderAccessKey: order.accessKey,
      });
      if (
        payment?.provider !== 'stripe' ||
        payment.status !== 'pending' ||
        !payment.providerReference.startsWith('cs_test_')
      ) {
        throw new Error(`CreatePayment answered ${JSON.stringify(payment)}; expected a pending Stripe attempt`);
      }
      return { orderId: order.id, number: order.number, email, sessionId: payment.providerReference };
    },
  );

  // Ordering and ticketing apply payment.pending / order.pending asynchronously: wait until both have, so that the
  // measurement starts from a quiet platform, not from the set-up's backlog.
  const ids = orders.map((order) => order.orderId);
  const database = (service: string) => databaseUrl(stack.info.databases.find((name) => name.endsWith(`_${service}`))!);
  const databases = {
    ordering: database('ordering'),
    ticketing: database('ticketing'),
    notifications: database('notifications'),
  };
  await waitForCount(
    databases.ordering,
    `select count(*)::int as n from orders where id = any($1) and status = 'pending'`,
    ids,
    'orders pending in ordering',
  );
  await waitForCount(
    databases.ticketing,
    `select count(*)::int as n from order_state where order_id = any($1) and status = 'pending'`,
    ids,
    'orders pending in ticketing',
  );

  return {
    namespace,
    processGroups: serviceProcessGroups(stack),
    catalogGrpc: stack.info.catalogGrpc!,
    callerKey: stack.info.env.KASSA_CALLER_KEY!,
    orderingGrpc: stack.info.orderingGrpc!,
    paymentsGrpc: stack.info.paymentsGrpc!,
    ticketingGrpc: stack.info.ticketingGrpc!,
    notificationsGrpc: stack.info.notificationsGrpc!,
    sink,
    standIn,
    orders,
    databases,
  };
}

async function waitForCount(url: string, sql: string, ids: string[], what: string): Promise<void> {
  const client = new Client({ connectionString: url, options: '-c default_transaction_read_only=on' });
  await client.connect();
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { rows } = await client.query<{ n: number }>(sql, [ids]);
      if (rows[0]!.n === ids.length) return;
      if (Date.now() > deadline) throw new Error(`${rows[0]!.n} of ${ids.length} ${what} after 60 s`);
      await sleep(250);
    }
  } finally {
    await client.end();
  }
}
