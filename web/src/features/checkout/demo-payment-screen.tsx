'use client';
// /payments/demo/{paymentId}: the built-in demo provider's page, standing in for a real payment provider in
// development and demos. Labelled TEST MODE so that nobody mistakes it for a real payment. Pay, Fail and Abandon
// decide the attempt (Abandon leaves it open: the hold expires it later); the guest then goes to the order page.
// An attempt that is already final only shows its state and the way to the order.
import { FlaskConical } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { StatusBadge } from '../../components/ui/status-badge';
import type { ApiResult } from '../../lib/api-result';
import {
  connectionFailure,
  isOpenPayment,
  type DemoAction,
  type DemoPaymentResult,
  type DemoPaymentView,
} from '../../lib/checkout';
import { formatMinor } from '../../lib/money-input';

export interface DemoPaymentScreenProps {
  payment: DemoPaymentView;
  /** The order page, in the guest's language. */
  orderHref: string;
  /** POST /api/payments/{paymentId}/demo. */
  complete: (action: DemoAction) => Promise<ApiResult<DemoPaymentResult>>;
  /** Goes to the order page the answer names. */
  onRedirect: (url: string) => void;
}

const ACTIONS: { action: DemoAction; variant: 'primary' | 'destructive' | 'outline' }[] = [
  { action: 'pay', variant: 'primary' },
  { action: 'fail', variant: 'destructive' },
  { action: 'abandon', variant: 'outline' },
];

export function DemoPaymentScreen({ payment, orderHref, complete, onRedirect }: DemoPaymentScreenProps) {
  const t = useTranslations('DemoPayment');
  const locale = useLocale();
  const [chosen, setChosen] = useState<DemoAction | null>(null);
  const busy = useRef(false);
  const [problem, setProblem] = useState('');
  const open = isOpenPayment(payment.status);

  const choose = async (action: DemoAction) => {
    // One choice at a time; payments applies a repeated one once anyway.
    if (busy.current) return;
    busy.current = true;
    setChosen(action);
    setProblem('');
    const result = await complete(action);
    if (result.ok) {
      onRedirect(result.data.redirectUrl);
      return;
    }
    busy.current = false;
    setChosen(null);
    setProblem(t(connectionFailure(result) ?? 'failed'));
  };

  return (
    <div
      className="mx-auto flex w-full max-w-md flex-col gap-5"
      data-testid="demo-payment"
      data-status={payment.status}
    >
      <div
        role="note"
        className="flex items-center gap-3 rounded-lg border-2 border-dashed border-warning bg-warning-muted px-4 py-3 text-warning"
        data-testid="test-mode-banner"
      >
        <FlaskConical aria-hidden className="size-6 shrink-0" />
        <div className="flex flex-col">
          <span className="text-xs font-bold uppercase tracking-widest">{t('testMode')}</span>
          <span className="font-semibold">{t('banner')}</span>
        </div>
      </div>
      <section
        aria-labelledby="demo-title"
        className="flex flex-col gap-5 rounded-lg border border-border bg-card p-6 text-card-foreground shadow-sm"
      >
        <div className="flex flex-col gap-1">
          <h1 id="demo-title" className="text-2xl font-semibold tracking-tight">
            {t('title', { number: payment.orderNumber })}
          </h1>
          {open && <p className="text-sm text-muted-foreground">{t('hint')}</p>}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{t('amount')}</dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid="demo-amount">
            {formatMinor(payment.amountMinor, payment.currency, locale)}
          </dd>
          <dt className="text-muted-foreground">{t('order')}</dt>
          <dd className="font-mono" data-testid="demo-order-number">
            {payment.orderNumber}
          </dd>
          {payment.shopName && (
            <>
              <dt className="text-muted-foreground">{t('shop')}</dt>
              <dd data-testid="demo-shop">{payment.shopName}</dd>
            </>
          )}
        </dl>
        {problem && <FormAlert tone="error">{problem}</FormAlert>}
        {open ? (
          <ul className="flex flex-col gap-3">
            {ACTIONS.map(({ action, variant }) => (
              <li key={action} className="flex flex-col gap-1">
                <Button
                  size="lg"
                  variant={variant}
                  loading={chosen === action}
                  disabled={chosen !== null && chosen !== action}
                  onClick={() => void choose(action)}
                  aria-describedby={`demo-${action}-hint`}
                  data-testid={`demo-${action}`}
                >
                  {t(action)}
                </Button>
                <span id={`demo-${action}-hint`} className="text-xs text-muted-foreground">
                  {t(`${action}Hint`)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <div className="flex flex-col items-start gap-3">
            <div className="flex items-center gap-2 text-sm">
              <StatusBadge status={payment.status} />
              <span>{t('final')}</span>
            </div>
            <a
              href={orderHref}
              className="text-sm font-medium text-secondary underline underline-offset-4 hover:decoration-2"
              data-testid="demo-to-order"
            >
              {t('toOrder')}
            </a>
          </div>
        )}
      </section>
    </div>
  );
}
