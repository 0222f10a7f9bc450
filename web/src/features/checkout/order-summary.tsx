// What the guest ordered and what it cost: lines, discount, donation, transaction fee, subtotal, total, number.
import { useLocale, useTranslations } from 'next-intl';
import { StatusBadge } from '../../components/ui/status-badge';
import type { GuestOrderView } from '../../lib/checkout';
import { cn } from '../../lib/cn';
import { formatMinor } from '../../lib/money-input';

export function OrderSummary({ order }: { order: GuestOrderView }) {
  const t = useTranslations('GuestOrder');
  const locale = useLocale();
  const money = (minor: number) => formatMinor(minor, order.currency, locale);
  return (
    <section
      aria-labelledby="order-summary-title"
      className="flex flex-col gap-4 rounded-lg border border-border bg-card p-5 text-card-foreground shadow-sm"
      data-testid="order-summary"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-0.5">
          <h2 id="order-summary-title" className="text-lg font-semibold">
            {t('summary.title')}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t('number')}:{' '}
            <span className="font-mono font-medium text-foreground" data-testid="order-number">
              {order.number}
            </span>
          </p>
        </div>
        <StatusBadge status={order.status} />
      </div>
      <ul className="flex flex-col gap-2 text-sm" data-testid="order-lines">
        {order.lines.map((line) => (
          <li key={line.itemId} className="flex items-start justify-between gap-3" data-testid="order-line">
            <span className="min-w-0 flex-1">{t('summary.line', { quantity: line.quantity, item: line.name })}</span>
            <span className="flex flex-col items-end tabular-nums">
              {line.totalMinor !== line.subtotalMinor && (
                <s className="text-xs text-muted-foreground">{money(line.subtotalMinor)}</s>
              )}
              <span>{money(line.totalMinor)}</span>
            </span>
          </li>
        ))}
      </ul>
      <dl className="flex flex-col gap-1 border-t border-border pt-3 text-sm" data-testid="order-totals">
        <Row label={t('summary.subtotal')} value={money(order.subtotalMinor)} name="subtotal" />
        {order.discountMinor > 0 && (
          <Row
            label={
              order.discountCode ? t('summary.discount', { code: order.discountCode }) : t('summary.discountNoCode')
            }
            value={`−${money(order.discountMinor)}`}
            name="discount"
          />
        )}
        {order.donationMinor > 0 && (
          <Row label={t('summary.donation')} value={money(order.donationMinor)} name="donation" />
        )}
        <Row label={t('summary.fee')} value={money(order.feeMinor)} name="fee" />
        <Row label={t('summary.total')} value={money(order.totalMinor)} name="total" strong />
        {order.refundedMinor > 0 && (
          <Row label={t('summary.refunded')} value={`−${money(order.refundedMinor)}`} name="refunded" />
        )}
      </dl>
    </section>
  );
}

function Row({ label, value, name, strong = false }: { label: string; value: string; name: string; strong?: boolean }) {
  return (
    <div
      className={cn('flex justify-between gap-3', strong && 'mt-1 text-base font-semibold')}
      data-testid={`order-${name}`}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
