'use client';
// What the order and payment screens share: amounts in the person's locale, the provider's name, and the hrefs of
// the lists (filters in the URL so that a filtered list can be shared).
import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '../../components/ui/badge';
import { formatMinor } from '../../lib/money-input';
import { type ListFilters, listHref } from '../dashboard/list-controls';
import { providerName } from './providers';

export { Moment } from '../shops/shop-support';

/** An amount in minor units of `currency`, for reading ("€12.50", "€ 12,50"). */
export function Money({
  minor,
  currency,
  className,
  testId,
}: {
  minor: number;
  currency: string;
  className?: string;
  testId?: string;
}) {
  const locale = useLocale();
  return (
    <span className={className ?? 'tabular-nums'} data-testid={testId}>
      {formatMinor(minor, currency, locale)}
    </span>
  );
}

/** The provider of an attempt, marked when no real money moved. */
export function ProviderLabel({ provider, testMode }: { provider: string; testMode: boolean }) {
  const t = useTranslations('Payments');
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span>{providerName(provider)}</span>
      {testMode && (
        <Badge tone="warning" data-testid="test-mode">
          {t('testMode')}
        </Badge>
      )}
    </span>
  );
}

export interface OrderListFilters extends ListFilters {
  shop?: string;
}

/** The organisation's orders list (`shop` filters it) or, with `scopeShopId`, one shop's list on its dashboard. */
export function ordersListHref(orgId: string, filters: OrderListFilters, scopeShopId?: string): string {
  if (scopeShopId) return listHref(`/s/${scopeShopId}/orders`, filters);
  return listHref(`/o/${orgId}/orders`, filters, filters.shop ? { shop: filters.shop } : {});
}

export const orderHref = (orgId: string, orderId: string): string => `/o/${orgId}/orders/${orderId}`;

/** An export's address with the filters that are set, in the order given (and the headings' `locale`). */
function csvHref(orgId: string, file: string, filters: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value);
  const query = search.toString();
  return `/api/organisations/${encodeURIComponent(orgId)}/${file}${query ? `?${query}` : ''}`;
}

/** The CSV export of the orders list with these filters (every page), headings in `locale`. */
export const ordersCsvHref = (
  orgId: string,
  { q, status, shop, locale }: { q?: string; status?: string; shop?: string; locale?: string },
): string => csvHref(orgId, 'orders.csv', { q, status, shop, locale });

/** The CSV export of the payments list with this status filter (every page), headings in `locale`. */
export const paymentsCsvHref = (orgId: string, { status, locale }: { status?: string; locale?: string }): string =>
  csvHref(orgId, 'payments.csv', { status, locale });

export const paymentsListHref = (orgId: string, filters: Pick<ListFilters, 'status' | 'page'>): string =>
  listHref(`/o/${orgId}/payments`, filters);
