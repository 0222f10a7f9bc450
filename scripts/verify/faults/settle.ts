// Quiescence after the faults, on the shared quiescence reader (scripts/verify/quiescence.ts) with one difference:
// a payment attempt left open beside the attempt that paid its order (a guest's second tab, or a Retry payment after a
// kill) stays open at the provider until payments' reconciliation closes it, minutes after the order's hold; it took
// no money, so the faults section does not wait for it. Everything else must be done: every outbox row published,
// every message acknowledged, every hold ended, every refund settled and every e-mail handed to SMTP.
import { setTimeout as sleep } from 'node:timers/promises';
import type { StackInfo } from '@kassa/testing/stack';
import { describeQuiescence, type QuiescenceState, readQuiescence } from '../quiescence';

export function isSettled(state: QuiescenceState): boolean {
  return (
    Object.values(state.unpublishedOutbox).every((n) => n === 0) &&
    state.consumersBehind.length === 0 &&
    state.heldOrders === 0 &&
    state.unfinishedRefunds === 0 &&
    state.unsentEmails === 0
  );
}

export interface Settled {
  settled: boolean;
  waitedMs: number;
  /** The last look, in words. */
  last: string;
}

/** Two settled looks in a row, or `timeoutMs`; never throws for a stack that does not settle (the figure says so). */
export async function waitUntilSettled(
  info: Pick<StackInfo, 'databases' | 'namespace'>,
  timeoutMs: number,
  log: (line: string) => void = () => undefined,
): Promise<Settled> {
  const begun = Date.now();
  let quietLooks = 0;
  let lastLogged = 0;
  let last: string;
  for (;;) {
    try {
      const state = await readQuiescence(info);
      last = describeQuiescence(state);
      quietLooks = isSettled(state) ? quietLooks + 1 : 0;
    } catch (error) {
      // PostgreSQL or NATS still coming back.
      last = `not readable: ${(error as Error).message}`;
      quietLooks = 0;
    }
    const waitedMs = Date.now() - begun;
    if (quietLooks >= 2) return { settled: true, waitedMs, last };
    if (waitedMs > timeoutMs) return { settled: false, waitedMs, last };
    if (Date.now() - lastLogged > 15_000) {
      lastLogged = Date.now();
      log(`settling (${Math.round(waitedMs / 1000)} s): ${last}`);
    }
    await sleep(500);
  }
}
