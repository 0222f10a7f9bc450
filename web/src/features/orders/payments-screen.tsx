'use client';
// /o/{orgId}/payments: every payment attempt of the organisation, newest first, filtered by status (?status=) and
// paged (?page=) in the URL; each names its order and links to it.
import { CreditCard } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { PlainLink } from '../../components/link-like';
import { EmptyState, EmptyStatePreset } from '../../components/ui/empty-state';
import type { TabLinkComponent } from '../../components/ui/link-tabs';
import { PAYMENT_STATUSES, type PaymentListView } from '../../lib/order-model';
import { ClearFiltersLink, CsvExportLink, ListPages, ListToolbar } from '../dashboard/list-controls';
import { PageHeader } from '../dashboard/page-header';
import { paymentsCsvHref, paymentsListHref } from './order-support';
import { PaymentsTable } from './payments-table';

export interface PaymentsScreenProps {
  orgId: string;
  list: PaymentListView;
  /** Holds "orders.view": order numbers link to the orders (others could not open them). */
  canViewOrders: boolean;
  Link?: TabLinkComponent;
}

export function PaymentsScreen({
  orgId,
  list,
  canViewOrders,
  Link = PlainLink as TabLinkComponent,
}: PaymentsScreenProps) {
  const t = useTranslations('Payments.list');
  const locale = useLocale();
  const href = (filters: { status?: string; page?: number }) =>
    paymentsListHref(orgId, { status: list.status, ...filters });
  const filtered = list.status !== '' || list.page > 1;

  return (
    <div data-testid="page-payments">
      <PageHeader title={t('title')} intro={t('intro')}>
        <CsvExportLink
          href={paymentsCsvHref(orgId, { status: list.status, locale })}
          label={t('export')}
          testId="payments-export"
        />
      </PageHeader>
      <ListToolbar namespace="Payments.list" href={href} statuses={PAYMENT_STATUSES} status={list.status} Link={Link} />

      {list.payments.length === 0 ? (
        filtered ? (
          <EmptyStatePreset
            kind="noItemsFound"
            description={t('filteredEmpty')}
            action={<ClearFiltersLink namespace="Payments.list" href={paymentsListHref(orgId, {})} Link={Link} />}
          />
        ) : (
          <EmptyState icon={CreditCard} title={t('emptyTitle')} description={t('emptyDescription')} />
        )
      ) : (
        <PaymentsTable
          payments={list.payments}
          orders={{ orgId, linked: canViewOrders, Link }}
          caption={t('caption')}
        />
      )}

      <ListPages
        namespace="Payments.list"
        page={list.page}
        hasNextPage={list.hasNextPage}
        href={href}
        testId="payments-page"
        Link={Link}
      />
    </div>
  );
}
