'use client';
// /o/{orgId}/orders/{orderId}: one order in full (who ordered, what, its tickets, the money, refunds, payment
// attempts, the e-mails sent about it and its history) with Cancel (reserved or pending), Refund (paid: in full or
// in part) and Resend (the confirmation with the tickets, paid) for members holding "orders.manage"; all ask first.
import { REFUND_REASONS } from '@kassa/contracts/statuses';
import { ArrowLeft, Ban, Undo2 } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { type ReactNode, useRef, useState } from 'react';
import { PlainLink, type LinkComponent } from '../../components/link-like';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { DataTable, type ColumnDef } from '../../components/ui/data-table';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-alert';
import { TextField } from '../../components/ui/text-field';
import { StatusBadge } from '../../components/ui/status-badge';
import type { ApiFailure, ApiResult } from '../../lib/api-result';
import { formatMinor } from '../../lib/money-input';
import {
  CANCELABLE_ORDER_STATUSES,
  type OrderActor,
  type OrderDetailView,
  type OrderHistoryEntryView,
  type OrderLineView,
  type OrderRefundView,
  type OrderView,
  REFUND_BADGE_WORDS,
  type RefundInput,
} from '../../lib/order-model';
import { newIdempotencyKey } from '@kassa/contracts/idempotency-key';
import { checkRefundAmount } from '../../lib/order-rules';
import { HistoryDataTable } from '../dashboard/history-data-table';
import { OrderTicketsTable } from '../tickets/order-tickets-table';
import type { OrderTicketView } from '../tickets/ticket-model';
import { OrderMessages, type OrderMessageView, type ResendResult } from './order-messages';
import { Moment, Money, ordersListHref } from './order-support';
import { PaymentsTable } from './payments-table';

export interface OrderActions {
  cancel(): Promise<ApiResult<{ order: OrderView }>>;
  refund(input: RefundInput): Promise<ApiResult<{ order: OrderView; refund: OrderRefundView }>>;
  /** Sends the confirmation with the tickets again; the key is made once per click of 'Resend'. */
  resendConfirmation(idempotencyKey: string): Promise<ApiResult<ResendResult>>;
}

export interface OrderDetailScreenProps {
  orgId: string;
  detail: OrderDetailView;
  /** The order's tickets from ticketing; null when ticketing could not be asked. */
  tickets: OrderTicketView[] | null;
  /** The e-mails sent about the order, newest first; null when notifications could not be asked. */
  messages: OrderMessageView[] | null;
  /** Holds "orders.manage": may cancel, refund and resend. Without it the actions are not offered. */
  canManage: boolean;
  Link?: LinkComponent;
  actions: OrderActions;
  /** Reloads the page's data after a change. */
  refresh(): void;
}

const KNOWN_ACTIONS = new Set([
  'created',
  'reserved',
  'payment_started',
  'payment_failed',
  'payment_succeeded',
  'paid',
  'expired',
  'canceled',
  'refund_requested',
  'refunded',
  'refund_failed',
  're_reserved',
  'late_payment_refunded',
]);
const KNOWN_REASONS = new Set<string>(REFUND_REASONS);
const KNOWN_OUTCOMES = new Set(['expired', 'canceled', 'refunded', 'late_payment_refunded']);

/** A failed call as one sentence in the viewer's language. */
function useFailureText(): (failure: ApiFailure) => string {
  const t = useTranslations('Orders.failure');
  const tErrors = useTranslations('Errors');
  return (failure) => {
    if (failure.timedOut) return tErrors('timeout');
    if (failure.status === 0) return t('network');
    if (failure.status === 400) return Object.values(failure.fields)[0] || failure.message || tErrors('genericForm');
    if (failure.status === 403) return t('forbidden');
    if (failure.status === 404) return t('notFound');
    // ordering says why it cannot (already paid, not paid, nothing left to refund).
    if (failure.status === 409) return failure.message || tErrors('unexpected');
    if (failure.status === 429) return tErrors('tooManyRequestsLater');
    if (failure.status === 503) return tErrors('unavailable');
    return tErrors('unexpected');
  };
}

export function OrderDetailScreen({
  orgId,
  detail,
  tickets,
  messages,
  canManage,
  Link = PlainLink,
  actions,
  refresh,
}: OrderDetailScreenProps) {
  const t = useTranslations('Orders.detail');
  const failureText = useFailureText();
  const locale = useLocale();
  const { order } = detail;
  const currency = order.money.currency;
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const [refunding, setRefunding] = useState(false);

  const canCancel = canManage && CANCELABLE_ORDER_STATUSES.includes(order.status);
  const canRefund = canManage && order.status === 'paid' && detail.refundableMinor > 0;

  const cancel = async () => {
    setNotice(undefined);
    setError(undefined);
    const result = await actions.cancel();
    if (!result.ok) {
      setError(failureText(result));
      return;
    }
    setNotice(t('canceled'));
    refresh();
  };

  return (
    <div data-testid="page-order" className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <Link
          href={ordersListHref(orgId, {})}
          className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t('back')}
        </Link>
        <header className="flex flex-wrap items-end justify-between gap-4">
          <div className="flex flex-col gap-1">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-2xl font-semibold tracking-tight">
                {t('title')}{' '}
                <span className="font-mono" data-testid="order-number">
                  {order.number}
                </span>
              </h1>
              <span data-testid="order-status">
                <StatusBadge status={order.status} />
              </span>
            </div>
            {KNOWN_OUTCOMES.has(order.outcome) && (
              <p className="max-w-prose text-sm text-muted-foreground" data-testid="order-outcome">
                {t(`outcomes.${order.outcome}` as 'outcomes.expired')}
              </p>
            )}
          </div>
          {(canCancel || canRefund) && (
            <div className="flex gap-2" data-testid="order-actions">
              {canCancel && (
                <ConfirmDialog
                  trigger={
                    <Button variant="outline">
                      <Ban aria-hidden />
                      {t('cancel')}
                    </Button>
                  }
                  title={t('cancelTitle', { number: order.number })}
                  description={t('cancelDescription')}
                  confirmLabel={t('cancelConfirm')}
                  cancelLabel={t('keep')}
                  onConfirm={cancel}
                />
              )}
              {canRefund && (
                <Button variant="outline" onClick={() => setRefunding(true)}>
                  <Undo2 aria-hidden />
                  {t('refund')}
                </Button>
              )}
            </div>
          )}
        </header>
        {!canManage && (
          <p className="text-sm text-muted-foreground" data-testid="order-read-only">
            {t('readOnly')}
          </p>
        )}
      </div>

      {error && <FormAlert tone="error">{error}</FormAlert>}
      {notice && <FormAlert tone="notice">{notice}</FormAlert>}

      <div className="grid gap-8 lg:grid-cols-2">
        <Section title={t('detailsTitle')}>
          <dl className="grid gap-x-8 gap-y-3 sm:grid-cols-[max-content_1fr]" data-testid="order-details">
            <Row label={t('email')}>
              <span className="break-all" data-testid="order-email">
                {order.email}
              </span>
            </Row>
            <Row label={t('subscribe')}>
              <span data-testid="order-subscribe">{order.subscribe ? t('subscribed') : t('notSubscribed')}</span>
            </Row>
            <Row label={t('shop')}>
              {detail.shopName || <span className="text-muted-foreground">{order.shopId}</span>}
            </Row>
            <Row label={t('createdAt')}>
              <Moment at={order.createdAt} />
            </Row>
            {order.paidAt && (
              <Row label={t('paidAt')}>
                <Moment at={order.paidAt} />
              </Row>
            )}
            {order.expiresAt && CANCELABLE_ORDER_STATUSES.includes(order.status) && (
              <Row label={t('expiresAt')}>
                <Moment at={order.expiresAt} />
              </Row>
            )}
            <Row label={t('tickets')}>
              <span className="tabular-nums">{order.ticketCount}</span>
            </Row>
            {order.discountCode && (
              <Row label={t('discountCode')}>
                <span className="font-mono">{order.discountCode}</span>
              </Row>
            )}
            <Row label={t('language')}>{order.locale === 'nl' ? t('dutch') : t('english')}</Row>
          </dl>
        </Section>

        <Section title={t('moneyTitle')}>
          <dl className="grid grid-cols-[1fr_max-content] gap-x-8 gap-y-2" data-testid="order-money">
            <MoneyRow
              label={t('subtotal')}
              minor={order.money.subtotalMinor}
              currency={currency}
              testId="order-subtotal"
            />
            {order.money.discountMinor > 0 && (
              <MoneyRow
                label={t('discount')}
                minor={-order.money.discountMinor}
                currency={currency}
                testId="order-discount"
              />
            )}
            <MoneyRow
              label={t('donation')}
              minor={order.money.donationMinor}
              currency={currency}
              testId="order-donation"
            />
            <MoneyRow label={t('fee')} minor={order.money.feeMinor} currency={currency} testId="order-fee" />
            <MoneyRow
              label={t('total')}
              minor={order.money.totalMinor}
              currency={currency}
              testId="order-total"
              strong
            />
            {order.money.refundedMinor > 0 && (
              <MoneyRow
                label={t('refunded')}
                minor={order.money.refundedMinor}
                currency={currency}
                testId="order-refunded"
              />
            )}
          </dl>
        </Section>
      </div>

      <Section title={t('itemsTitle')}>
        <LinesTable lines={order.lines} currency={currency} />
      </Section>

      <Section title={t('ticketsTitle')}>
        <OrderTicketsTable tickets={tickets} orderStatus={order.status} />
      </Section>

      {detail.refunds.length > 0 && (
        <Section title={t('refundsTitle')}>
          <RefundsTable refunds={detail.refunds} currency={currency} />
        </Section>
      )}

      <Section title={t('paymentsTitle')}>
        {detail.payments.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="order-no-payments">
            {order.money.totalMinor === 0 ? t('noPaymentNeeded') : t('noPayments')}
          </p>
        ) : (
          <div data-testid="order-payments">
            <PaymentsTable payments={detail.payments} caption={t('paymentsTitle')} />
          </div>
        )}
      </Section>

      <Section title={t('messagesTitle')}>
        <OrderMessages
          messages={messages}
          canResend={canManage && order.status === 'paid'}
          email={order.email}
          resend={actions.resendConfirmation}
          failureText={failureText}
          refresh={refresh}
        />
      </Section>

      <Section title={t('historyTitle')}>
        <div data-testid="order-history">
          <OrderHistoryTable entries={detail.history} currency={currency} />
        </div>
      </Section>

      {canRefund && (
        <RefundDialog
          open={refunding}
          onOpenChange={setRefunding}
          number={order.number}
          currency={currency}
          locale={locale}
          refundableMinor={detail.refundableMinor}
          refund={actions.refund}
          failureText={failureText}
          onRefunded={(amountMinor, full) => {
            setError(undefined);
            setNotice(
              full
                ? t('refundedFull', { amount: formatMinor(amountMinor, currency, locale) })
                : t('refundedPartly', { amount: formatMinor(amountMinor, currency, locale) }),
            );
            refresh();
          }}
        />
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex min-w-0 flex-col gap-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function MoneyRow({
  label,
  minor,
  currency,
  testId,
  strong = false,
}: {
  label: string;
  minor: number;
  currency: string;
  testId: string;
  strong?: boolean;
}) {
  const classes = strong ? 'border-t border-border pt-2 font-semibold' : '';
  return (
    <>
      <dt className={strong ? `${classes}` : 'text-sm text-muted-foreground'}>{label}</dt>
      <dd className={`text-right ${classes}`}>
        <Money minor={minor} currency={currency} testId={testId} className="tabular-nums" />
      </dd>
    </>
  );
}

function LinesTable({ lines, currency }: { lines: OrderLineView[]; currency: string }) {
  const t = useTranslations('Orders.detail.lines');
  const columns: ColumnDef<OrderLineView, unknown>[] = [
    {
      id: 'name',
      accessorFn: (line) => line.name,
      header: t('item'),
      cell: ({ row }) => <span className="font-medium">{row.original.name}</span>,
    },
    {
      id: 'quantity',
      accessorFn: (line) => line.quantity,
      header: t('quantity'),
      cell: ({ getValue }) => <span className="tabular-nums">{getValue() as number}</span>,
    },
    {
      id: 'unitPrice',
      accessorFn: (line) => line.unitPriceMinor,
      header: t('unitPrice'),
      cell: ({ row }) => <Money minor={row.original.unitPriceMinor} currency={currency} />,
    },
    {
      id: 'discount',
      accessorFn: (line) => line.discountMinor,
      header: t('discount'),
      cell: ({ row }) =>
        row.original.discountMinor > 0 ? (
          <Money minor={-row.original.discountMinor} currency={currency} />
        ) : (
          <span className="text-muted-foreground">–</span>
        ),
    },
    {
      id: 'total',
      accessorFn: (line) => line.totalMinor,
      header: t('total'),
      cell: ({ row }) => <Money minor={row.original.totalMinor} currency={currency} />,
    },
  ];
  return (
    <div data-testid="order-lines">
      <DataTable
        columns={columns}
        data={lines}
        getRowId={(line) => line.itemId}
        searchable={false}
        paginated={false}
        caption={t('caption')}
      />
    </div>
  );
}

function useActorName(): (actor: OrderActor) => ReactNode {
  const t = useTranslations('Orders.actors');
  return (actor) => {
    if (actor.kind === 'member') return actor.name;
    return <span className="text-muted-foreground">{t(actor.kind)}</span>;
  };
}

function RefundsTable({ refunds, currency }: { refunds: OrderRefundView[]; currency: string }) {
  const t = useTranslations('Orders.detail.refunds');
  const actorName = useActorName();
  const columns: ColumnDef<OrderRefundView, unknown>[] = [
    {
      id: 'requestedAt',
      accessorFn: (refund) => refund.requestedAt,
      header: t('requestedAt'),
      cell: ({ row }) => <Moment at={row.original.requestedAt} className="whitespace-nowrap" />,
    },
    {
      id: 'amount',
      accessorFn: (refund) => refund.amountMinor,
      header: t('amount'),
      cell: ({ row }) => (
        <span className="flex flex-col">
          <Money minor={row.original.amountMinor} currency={currency} />
          <span className="text-xs text-muted-foreground">{row.original.cancelsOrder ? t('full') : t('partial')}</span>
        </span>
      ),
    },
    {
      id: 'reason',
      accessorFn: (refund) => refund.reason,
      header: t('reason'),
      cell: ({ row }) =>
        KNOWN_REASONS.has(row.original.reason)
          ? t(`reasons.${row.original.reason}` as 'reasons.organiser')
          : row.original.reason,
    },
    {
      id: 'status',
      accessorFn: (refund) => refund.status,
      header: t('status'),
      cell: ({ row }) => <StatusBadge status={REFUND_BADGE_WORDS[row.original.status] ?? row.original.status} />,
    },
    {
      id: 'who',
      accessorFn: (refund) =>
        refund.requestedBy.kind === 'member' ? refund.requestedBy.name : refund.requestedBy.kind,
      header: t('who'),
      cell: ({ row }) => actorName(row.original.requestedBy),
    },
  ];
  return (
    <div data-testid="order-refunds">
      <DataTable
        columns={columns}
        data={refunds}
        getRowId={(refund) => refund.id}
        searchable={false}
        paginated={false}
        caption={t('caption')}
      />
    </div>
  );
}

/** The entry's details as name → value pairs; anything that is not a JSON object shows as it is. */
export function historyProperties(propertiesJson: string): [string, unknown][] {
  if (!propertiesJson.trim()) return [];
  try {
    const parsed: unknown = JSON.parse(propertiesJson);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return Object.entries(parsed as Record<string, unknown>);
    return [['', parsed]];
  } catch {
    return [['', propertiesJson]];
  }
}

const AMOUNT_KEY = /(minor|amount)$/i;
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function PropertyValue({ name, value, currency }: { name: string; value: unknown; currency: string }) {
  const t = useTranslations('Orders.history');
  if (typeof value === 'number' && AMOUNT_KEY.test(name)) return <Money minor={value} currency={currency} />;
  if (typeof value === 'boolean') return <>{value ? t('yes') : t('no')}</>;
  if (typeof value === 'string' && /status$/i.test(name)) return <StatusBadge status={value} />;
  if (typeof value === 'string' && ISO_MOMENT.test(value)) return <Moment at={value} className="whitespace-nowrap" />;
  if (typeof value === 'string' && /^[a-z]{3}_[0-9a-z]{20,}$/.test(value))
    return <span className="break-all font-mono text-xs">{value}</span>;
  if (value === null || value === '') return <span className="text-muted-foreground">–</span>;
  return (
    <span className="break-words">
      {typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value)}
    </span>
  );
}

export function OrderHistoryTable({ entries, currency }: { entries: OrderHistoryEntryView[]; currency: string }) {
  const t = useTranslations('Orders.history');
  const actorName = useActorName();
  return (
    <HistoryDataTable
      namespace="Orders.history"
      entries={entries}
      at={(entry) => entry.timestamp}
      cells={{
        timestamp: (entry) => <Moment at={entry.timestamp} className="whitespace-nowrap tabular-nums" />,
        action: (entry) => (
          <span className="font-medium" data-action={entry.action}>
            {KNOWN_ACTIONS.has(entry.action) ? t(`actions.${entry.action}` as 'actions.paid') : entry.action}
          </span>
        ),
        properties: (entry) => {
          const properties = historyProperties(entry.propertiesJson);
          if (properties.length === 0) return <span className="text-muted-foreground">–</span>;
          return (
            <ul className="flex max-w-xl flex-col gap-1 text-sm">
              {properties.map(([name, value]) => (
                <li key={name} className="flex flex-wrap items-center gap-x-1.5">
                  {name && <span className="text-muted-foreground">{name}:</span>}
                  <PropertyValue name={name} value={value} currency={currency} />
                </li>
              ))}
            </ul>
          );
        },
        who: actorName,
      }}
      empty={<p className="text-sm text-muted-foreground">{t('empty')}</p>}
    />
  );
}

interface RefundDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  number: string;
  currency: string;
  locale: string;
  refundableMinor: number;
  refund: OrderActions['refund'];
  failureText(failure: ApiFailure): string;
  onRefunded(amountMinor: number, full: boolean): void;
}

/** Full (what is left; the order is canceled) or a partial amount typed in the order's currency, then confirmed. */
function RefundDialog({
  open,
  onOpenChange,
  number,
  currency,
  locale,
  refundableMinor,
  refund,
  failureText,
  onRefunded,
}: RefundDialogProps) {
  const t = useTranslations('Orders.refund');
  const tRules = useTranslations('Ui.form');
  const [mode, setMode] = useState<'full' | 'partial'>('full');
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // One key per refund the organiser means: a retry of the same request (after a network failure) reuses it, so
  // ordering refunds once; a changed choice is another refund and gets a new key.
  const key = useRef<{ signature: string; value: string } | undefined>(undefined);
  const refundable = formatMinor(refundableMinor, currency, locale);
  const amountLabel = t('amount', { currency });

  const reset = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setMode('full');
      setTyped('');
      setFieldError(undefined);
      setError(undefined);
      key.current = undefined;
    }
    onOpenChange(next);
  };

  const submit = async () => {
    setError(undefined);
    let amountMinor = refundableMinor;
    if (mode === 'partial') {
      const checked = checkRefundAmount(typed, currency, refundableMinor);
      if (!checked.ok) {
        setFieldError(
          checked.problem === 'required'
            ? tRules('required', { field: t('amountField') })
            : checked.problem === 'invalid'
              ? tRules('invalid', { field: t('amountField') })
              : checked.problem === 'minValue'
                ? tRules('minValue', { min: formatMinor(1, currency, locale) })
                : t('tooMuch', { amount: refundable }),
        );
        return;
      }
      amountMinor = checked.amountMinor;
    }
    setFieldError(undefined);
    const signature = mode === 'full' ? 'full' : `partial:${amountMinor}`;
    if (key.current?.signature !== signature) key.current = { signature, value: newIdempotencyKey() };
    const input: RefundInput =
      mode === 'full'
        ? { full: true, idempotencyKey: key.current.value }
        : { full: false, amountMinor, idempotencyKey: key.current.value };
    setBusy(true);
    const result = await refund(input);
    setBusy(false);
    if (!result.ok) {
      if (result.status === 400 && result.fields.amountMinor) setFieldError(result.fields.amountMinor);
      else setError(failureText(result));
      return;
    }
    key.current = undefined;
    onRefunded(result.data.refund?.amountMinor ?? amountMinor, mode === 'full');
    setMode('full');
    setTyped('');
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogContent data-testid="refund-dialog">
        <DialogHeader>
          <DialogTitle>{t('title', { number })}</DialogTitle>
          <DialogDescription>{t('description', { amount: refundable })}</DialogDescription>
        </DialogHeader>
        {error && <FormAlert tone="error">{error}</FormAlert>}
        <fieldset className="flex flex-col gap-3">
          <legend className="sr-only">{t('kind')}</legend>
          <label className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[:checked]:border-primary">
            <input
              type="radio"
              name="refund-kind"
              value="full"
              checked={mode === 'full'}
              onChange={() => setMode('full')}
              className="mt-1 size-4 accent-primary"
            />
            <span className="flex flex-col">
              <span className="font-medium">{t('full', { amount: refundable })}</span>
              <span className="text-sm text-muted-foreground">{t('fullHint')}</span>
            </span>
          </label>
          <label className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[:checked]:border-primary">
            <input
              type="radio"
              name="refund-kind"
              value="partial"
              checked={mode === 'partial'}
              onChange={() => setMode('partial')}
              className="mt-1 size-4 accent-primary"
            />
            <span className="flex flex-col">
              <span className="font-medium">{t('partial')}</span>
              <span className="text-sm text-muted-foreground">{t('partialHint')}</span>
            </span>
          </label>
        </fieldset>
        {mode === 'partial' && (
          <TextField
            id="refund-amount"
            label={amountLabel}
            hint={t('amountHint', { amount: refundable })}
            error={fieldError}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            inputMode="decimal"
            autoComplete="off"
            className="max-w-40"
          />
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => reset(false)} disabled={busy}>
            {t('back')}
          </Button>
          <Button variant="destructive" loading={busy} onClick={() => void submit()}>
            {mode === 'full' ? t('confirmFull') : t('confirmPartial')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
