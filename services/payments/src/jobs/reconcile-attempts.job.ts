import { startPeriodicSweep, type PeriodicSweep } from '@kassa/platform/jobs';
import type { Logger } from '@kassa/platform/logging';
import type { PaymentsContext } from '../application/payments-context';
import { type ReconcileResult, reconcileAttempts } from '../application/reconcile-attempts';

/**
 * Reconciliation every RECONCILE_INTERVAL_SECONDS (and once at start-up). Its work list lives in PostgreSQL
 * (open attempts, unfinished refunds), so a periodic sweep needs nothing from Redis and replicas may run it
 * side by side: every change goes through the receipt-guarded, row-locked apply path.
 */
export function startReconciliation(
  ctx: PaymentsContext,
  options: { logger: Logger; intervalMs: number },
): PeriodicSweep<ReconcileResult> {
  const log = options.logger.child({ component: 'reconciliation' });
  return startPeriodicSweep(
    async () => {
      const result = await reconcileAttempts(ctx);
      if (result.attempts + result.refunds > 0) log.info(result, 'stale attempts reconciled with the provider');
      return result;
    },
    { intervalMs: options.intervalMs, logger: log, failureMessage: 'reconciliation failed' },
  );
}
