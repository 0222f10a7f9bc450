'use client';
// /order/{orderId}: the guest's order after checkout. Server-rendered with the order as it was, then followed until
// it is final. Paid: thank you, and where the confirmation and tickets go. Held (reserved or pending): the hold's
// countdown and a button to pay (again). Failed or aborted (?payment=canceled|failed), or expired: the spec's
// failure words, Retry payment while the order can still be paid or its tickets held again, and the way back to
// the shop. Canceled, refunded and late-payment-refunded orders say what happened to the guest's money.
import { CircleAlert, CircleCheck, Clock, Undo2 } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import type { ApiResult } from '../../lib/api-result';
import {
  connectionFailure,
  createSubmitGate,
  formatCountdown,
  orderPhase,
  secondsLeft,
  submitOutcome,
  type GuestOrderView,
  type OrderPhase,
  type PaymentRedirect,
  type PaymentReturn,
} from '../../lib/checkout';
import { formatMinor } from '../../lib/money-input';
import { OrderSummary } from './order-summary';
import { useOrderPolling } from './use-order-polling';

export interface OrderScreenProps {
  order: GuestOrderView;
  /** What the provider's return link said (?payment=): canceled, failed or error (the payment could not be started). */
  paymentReturn?: PaymentReturn;
  /** The shop's public page, in the guest's language. */
  shopHref: string;
  /** GET /api/orders/{orderId}; must be stable (the screen follows the order with it). */
  loadOrder: () => Promise<ApiResult<GuestOrderView>>;
  /** POST /api/orders/{orderId}/payments with a key made for this attempt. */
  startPayment: (idempotencyKey: string) => Promise<ApiResult<PaymentRedirect>>;
  /** Leaves for the provider's page. */
  onRedirect: (url: string) => void;
  /** The clock at first render, for tests; in the browser the countdown starts once the page runs. */
  now?: number;
  /** Shown once the order is paid, below the thank-you: its tickets with links to their pages. */
  tickets?: ReactNode;
}

const ICONS: Record<OrderPhase, ReactNode> = {
  paid: <CircleCheck aria-hidden className="size-10 text-success" />,
  waiting: <Clock aria-hidden className="size-10 text-info" />,
  failed: <CircleAlert aria-hidden className="size-10 text-destructive" />,
  expired: <CircleAlert aria-hidden className="size-10 text-destructive" />,
  canceled: <Undo2 aria-hidden className="size-10 text-muted-foreground" />,
  refunded: <Undo2 aria-hidden className="size-10 text-muted-foreground" />,
  latePaymentRefunded: <Undo2 aria-hidden className="size-10 text-muted-foreground" />,
};

export function OrderScreen({
  order: initial,
  paymentReturn = '',
  shopHref,
  loadOrder,
  startPayment,
  onRedirect,
  now,
  tickets,
}: OrderScreenProps) {
  const t = useTranslations('GuestOrder');
  const locale = useLocale();
  const { order, refresh } = useOrderPolling(initial, loadOrder);
  const phase = orderPhase(order, paymentReturn);
  const gate = useRef(createSubmitGate());
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState(paymentReturn === 'error' ? t('paymentError') : '');
  const [ticketsGone, setTicketsGone] = useState(false);

  // Back from the provider's page, the browser may restore this page as it was left: busy. Make it usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPaying(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const pay = async () => {
    const key = gate.current.begin(order.id);
    if (key === null) return;
    setPaying(true);
    setProblem('');
    const result = await startPayment(key);
    gate.current.finish(result.ok ? 'definitive' : submitOutcome(result.status));
    if (result.ok) {
      onRedirect(result.data.redirectUrl);
      return;
    }
    setPaying(false);
    if (result.status === 409 && phase === 'expired') {
      // Its tickets could not be held again: say so, and offer only the way back to the shop.
      setTicketsGone(true);
      setProblem(t('expired.ticketsGone'));
      refresh();
    } else if (result.status === 409 || result.status === 404) {
      setProblem(t('notPayable'));
      refresh();
    } else if (result.status === 429) setProblem(t('tooMany'));
    else setProblem(t(connectionFailure(result) ?? 'paymentError'));
  };

  const held = order.status === 'created' || order.status === 'reserved' || order.status === 'pending';
  // An expired order may be retried too: the payment start holds its tickets again while they are still there.
  const canPay =
    (order.payable && (phase === 'waiting' || phase === 'failed')) ||
    (phase === 'expired' && order.renewable && !ticketsGone);
  const payButton = canPay && (
    <Button size="lg" loading={paying} onClick={() => void pay()} data-testid="order-pay">
      {phase === 'waiting' && order.status !== 'pending' ? t('pay') : t('retry')}
    </Button>
  );
  const backToShop = (
    <a
      href={shopHref}
      className="text-sm font-medium text-secondary underline underline-offset-4 hover:decoration-2"
      data-testid="back-to-shop"
    >
      {t('backToShop')}
    </a>
  );

  let title: string;
  let body: ReactNode;
  switch (phase) {
    case 'paid':
      title = t('paid.title');
      body = (
        <>
          <p data-testid="order-confirmation">
            {t.rich('paid.email', {
              email: order.email,
              b: (chunks) => (
                <strong className="font-semibold" data-testid="order-email">
                  {chunks}
                </strong>
              ),
            })}
          </p>
          {order.refundedMinor > 0 && (
            <p className="text-sm text-muted-foreground">
              {t('paid.refunded', { amount: formatMinor(order.refundedMinor, order.currency, locale) })}
            </p>
          )}
        </>
      );
      break;
    case 'waiting':
      title = order.status === 'pending' ? t('waiting.pendingTitle') : t('waiting.reservedTitle');
      body = <p>{order.status === 'pending' ? t('waiting.pendingText') : t('waiting.reservedText')}</p>;
      break;
    case 'failed':
      title = t('failed.title');
      body = <p data-testid="payment-failed">{t('failed.text')}</p>;
      break;
    case 'expired':
      title = t('expired.title');
      body = (
        <>
          <p data-testid="payment-failed">{t('failed.text')}</p>
          <p className="text-sm text-muted-foreground">
            {order.renewable && !ticketsGone ? t('expired.retry') : t('expired.resale')}
          </p>
        </>
      );
      break;
    default:
      title = t(`${phase}.title`);
      body = <p>{t(`${phase}.text`)}</p>;
  }

  return (
    <div
      className="mx-auto flex w-full max-w-2xl flex-col gap-6"
      data-testid="order-page"
      data-phase={phase}
      data-status={order.status}
    >
      <section
        aria-labelledby="order-title"
        className="flex flex-col items-start gap-4 rounded-lg border border-border bg-card p-6 text-card-foreground shadow-sm"
      >
        {ICONS[phase]}
        <div className="flex flex-col gap-2">
          <h1 id="order-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {title}
          </h1>
          {body}
        </div>
        {held && order.expiresAt && (phase === 'waiting' || phase === 'failed') && (
          <HoldCountdown expiresAt={order.expiresAt} initialNow={now} />
        )}
        {problem && <FormAlert tone="error">{problem}</FormAlert>}
        {(payButton || phase !== 'waiting') && (
          <div className="flex flex-wrap items-center gap-4">
            {payButton}
            {phase !== 'waiting' && backToShop}
          </div>
        )}
        {held && phase === 'waiting' && (
          <p className="text-xs text-muted-foreground" role="status">
            {t('waiting.checking')}
          </p>
        )}
      </section>
      {phase === 'paid' && tickets}
      <OrderSummary order={order} />
    </div>
  );
}

/** "Held for you for another 12:34", ticking each second once the page runs (the server cannot know the guest's clock). */
function HoldCountdown({ expiresAt, initialNow }: { expiresAt: string; initialNow?: number }) {
  const t = useTranslations('GuestOrder.waiting');
  const [now, setNow] = useState<number | null>(initialNow ?? null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  if (now === null) return null;
  const left = secondsLeft(expiresAt, now);
  if (left === null) return null;
  if (left === 0) return <p className="text-sm font-medium">{t('holdOver')}</p>;
  return (
    <p className="text-sm font-medium" role="timer" data-testid="hold-countdown">
      {t.rich('holdLeft', {
        left: formatCountdown(left),
        time: (chunks) => (
          <time dateTime={expiresAt} className="tabular-nums">
            {chunks}
          </time>
        ),
      })}
    </p>
  );
}
