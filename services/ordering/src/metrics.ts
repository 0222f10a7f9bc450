// ordering's business instruments (docs/ARCHITECTURE.md, "Metrics"). Facts are counted once their
// transaction has committed (afterCommit); the quota gauges are read from the database at scrape time.
import { checkoutFunnel, counter, labelSets, observeGauges } from '@kassa/platform/metrics';
import { ORDER_STATUSES } from './domain/order-status';
import type { QuotaLevel } from './persistence/quota-levels.repository';

export const orderTransitions = counter(
  'kassa.order.transitions',
  "Changes of an order's status, by the status it moved to",
);

const QUOTA_GAUGES = {
  capacity: {
    name: 'kassa.quota.capacity',
    description: 'Tickets a limited quota of an event that has not ended can sell',
  },
  sold: { name: 'kassa.quota.sold', description: 'Tickets sold from a limited quota of an event that has not ended' },
  reserved: {
    name: 'kassa.quota.reserved',
    description: 'Tickets held by unpaid orders in a limited quota of an event that has not ended',
  },
};

/** Observes the quota gauges from `read` at every scrape; returns the function that stops it (on shutdown). */
export function observeQuotaGauges(read: () => Promise<QuotaLevel[]>): () => void {
  return observeGauges(QUOTA_GAUGES, async (record) => {
    for (const quota of await read()) {
      const attributes = { quota_id: quota.quotaId, kind: quota.kind };
      record('capacity', quota.capacity, attributes);
      record('sold', quota.sold, attributes);
      record('reserved', quota.reserved, attributes);
    }
  });
}

/** At start-up: every series this service counts, at 0 (see Counter.initialise). */
export function initialiseOrderingMetrics(): void {
  checkoutFunnel.initialise(['reserved', 'paid']);
  orderTransitions.initialise(labelSets({ to: ORDER_STATUSES.filter((status) => status !== 'created') }));
}
