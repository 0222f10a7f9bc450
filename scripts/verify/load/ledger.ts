// The client's side of the books: every answer the BFF gave the load's buyers — the orders it said it placed, the
// payments it opened, what each guest pressed on the demo page and what the order page showed last. The reconciler
// compares it with the databases (reconcile.ts: ReconcileLedger).
import type { ReconcileLedger } from '../reconcile';
import type { JourneyKind } from './mix';

export interface LedgerPay {
  paymentId: string;
  action: 'pay' | 'fail' | 'abandon';
  /** When it was sent (epoch ms). */
  at: number;
  /** The answer's HTTP status. */
  status: number;
  /** late: ms after the hold's end (negative: before it). */
  afterHoldMs?: number;
}

export interface LedgerOrder {
  orderId: string;
  /** The guest's key to the order, as the checkout answered it (the order page and its API open only with it). */
  accessKey: string;
  buyer: number;
  email: string;
  kind: JourneyKind;
  /** Checkout answers naming this order: 201 (placed) and 200 (the same request again). */
  placed: number;
  replayed: number;
  paymentIds: string[];
  pays: LedgerPay[];
  /** The hold's end as the order page showed it (epoch ms). */
  holdEndsAt?: number;
  /** What the order page showed last. */
  seen?: { status: string; totalMinor: number; outcome: string; at: number };
}

export class ClientLedger implements ReconcileLedger {
  readonly orders: Record<string, LedgerOrder> = {};

  orderPlaced(
    orderId: string,
    who: { buyer: number; email: string; kind: JourneyKind; accessKey: string },
    created: boolean,
  ): LedgerOrder {
    const order = (this.orders[orderId] ??= { orderId, ...who, placed: 0, replayed: 0, paymentIds: [], pays: [] });
    if (created) order.placed += 1;
    else order.replayed += 1;
    return order;
  }

  paymentOpened(orderId: string, paymentId: string): void {
    const order = this.orders[orderId];
    if (order && !order.paymentIds.includes(paymentId)) order.paymentIds.push(paymentId);
  }

  pressed(orderId: string, pay: LedgerPay): void {
    this.orders[orderId]?.pays.push(pay);
  }

  seen(
    orderId: string,
    view: { status: string; totalMinor: number; outcome?: string; expiresAt?: string | null },
  ): void {
    const order = this.orders[orderId];
    if (!order) return;
    order.seen = { status: view.status, totalMinor: view.totalMinor, outcome: view.outcome ?? '', at: Date.now() };
    if (view.expiresAt) order.holdEndsAt = Date.parse(view.expiresAt);
  }

  list(): LedgerOrder[] {
    return Object.values(this.orders);
  }
}
