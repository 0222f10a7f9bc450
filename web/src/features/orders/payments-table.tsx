'use client';
// Payment attempts as a table: on the Payments page (with the order each belongs to) and on an order's page.
import { useTranslations } from 'next-intl';
import { PlainLink, type LinkComponent } from '../../components/link-like';
import { DataTable, type ColumnDef } from '../../components/ui/data-table';
import { StatusBadge } from '../../components/ui/status-badge';
import type { PaymentView } from '../../lib/order-model';
import { Moment, Money, orderHref, ProviderLabel } from './order-support';

export interface PaymentsTableProps {
  payments: PaymentView[];
  /**
   * The Payments page shows each attempt's order number, linked to the order for members who may open it; an order's
   * own page leaves it out.
   */
  orders?: { orgId: string; linked: boolean; Link?: LinkComponent };
  caption: string;
}

export function PaymentsTable({ payments, orders, caption }: PaymentsTableProps) {
  const t = useTranslations('Payments.columns');
  const OrderLink = orders?.Link ?? PlainLink;
  const columns: ColumnDef<PaymentView, unknown>[] = [
    {
      id: 'createdAt',
      accessorFn: (payment) => payment.createdAt,
      header: t('createdAt'),
      cell: ({ row }) => <Moment at={row.original.createdAt} className="whitespace-nowrap text-muted-foreground" />,
    },
    ...(orders
      ? [
          {
            id: 'order',
            accessorFn: (payment: PaymentView) => payment.orderNumber,
            header: t('order'),
            cell: ({ row }: { row: { original: PaymentView } }) =>
              orders.linked ? (
                <OrderLink
                  href={orderHref(orders.orgId, row.original.orderId)}
                  className="font-mono font-medium text-foreground underline-offset-4 hover:underline"
                >
                  {row.original.orderNumber || row.original.orderId}
                </OrderLink>
              ) : (
                <span className="font-mono">{row.original.orderNumber || row.original.orderId}</span>
              ),
          } satisfies ColumnDef<PaymentView, unknown>,
        ]
      : []),
    {
      id: 'provider',
      accessorFn: (payment) => payment.provider,
      header: t('provider'),
      cell: ({ row }) => <ProviderLabel provider={row.original.provider} testMode={row.original.testMode} />,
    },
    {
      id: 'amount',
      accessorFn: (payment) => payment.amountMinor,
      header: t('amount'),
      cell: ({ row }) => (
        <span className="flex flex-col">
          <Money minor={row.original.amountMinor} currency={row.original.currency} />
          {row.original.refundedMinor > 0 && (
            <span className="text-xs text-muted-foreground">
              {t('refunded')} <Money minor={row.original.refundedMinor} currency={row.original.currency} />
            </span>
          )}
        </span>
      ),
    },
    {
      id: 'status',
      accessorFn: (payment) => payment.status,
      header: t('status'),
      cell: ({ row }) => (
        <span className="flex flex-col items-start gap-1">
          <StatusBadge status={row.original.status} />
          {row.original.failureReason && (
            <span className="text-xs text-muted-foreground">{row.original.failureReason}</span>
          )}
        </span>
      ),
    },
    {
      id: 'reference',
      accessorFn: (payment) => payment.providerReference,
      header: t('reference'),
      enableSorting: false,
      cell: ({ row }) => (
        <span className="break-all font-mono text-xs text-muted-foreground">
          {row.original.providerReference || row.original.id}
        </span>
      ),
    },
  ];
  return (
    <DataTable
      columns={columns}
      data={payments}
      getRowId={(payment) => payment.id}
      searchable={false}
      paginated={false}
      caption={caption}
    />
  );
}
