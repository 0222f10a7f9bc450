'use client';
// /o/{orgId}/orders and /s/{shopId}/orders: orders newest first, found by order number or e-mail (?q=), filtered
// by status (?status=) and, across the organisation, by shop (?shop=), a page at a time (?page=); all in the URL;
// and the whole filtered list as a CSV download.
import { Receipt } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { PlainLink } from '../../components/link-like';
import { DataTable, type ColumnDef } from '../../components/ui/data-table';
import { EmptyState, EmptyStatePreset } from '../../components/ui/empty-state';
import { controlClasses } from '../../components/ui/input';
import type { TabLinkComponent } from '../../components/ui/link-tabs';
import { StatusBadge } from '../../components/ui/status-badge';
import { cn } from '../../lib/cn';
import { ORDER_LIST_STATUSES, type OrderListView, type OrderView, type ShopName } from '../../lib/order-model';
import { ClearFiltersLink, CsvExportLink, ListPages, ListToolbar } from '../dashboard/list-controls';
import { PageHeader } from '../dashboard/page-header';
import { OptInsExport } from './opt-ins-export';
import { Moment, Money, type OrderListFilters, orderHref, ordersCsvHref, ordersListHref } from './order-support';

export interface OrdersScreenProps {
  orgId: string;
  /** Set on the shop dashboard: only this shop's orders, without the shop column and filter. */
  shopId?: string;
  /** The shop's name on its dashboard (the heading says whose orders these are). */
  shopName?: string;
  list: OrderListView;
  /** The organisation's shops, to name each order's shop and to filter by one. */
  shops: ShopName[];
  /** The organisation's events by name, for the opt-ins export's filter (none on a shop's own orders). */
  events?: ShopName[];
  Link?: TabLinkComponent;
  /** Goes to a locale-free path (a new search, another shop). */
  navigate(href: string): void;
}

export function OrdersScreen({
  orgId,
  shopId,
  shopName,
  list,
  shops,
  events = [],
  Link = PlainLink as TabLinkComponent,
  navigate,
}: OrdersScreenProps) {
  const t = useTranslations('Orders.list');
  const locale = useLocale();
  const scoped = shopId !== undefined;
  const current: OrderListFilters = { q: list.query, status: list.status, shop: scoped ? undefined : list.shopId };
  const href = (filters: OrderListFilters) => ordersListHref(orgId, { ...current, ...filters }, shopId);
  const filtered = list.query !== '' || list.status !== '' || (!scoped && list.shopId !== '') || list.page > 1;
  const names = new Map(shops.map((shop) => [shop.id, shop.name]));

  const columns: ColumnDef<OrderView, unknown>[] = [
    {
      id: 'number',
      accessorFn: (order) => order.number,
      header: t('columns.number'),
      cell: ({ row }) => (
        <Link
          href={orderHref(orgId, row.original.id)}
          className="font-mono font-medium text-foreground underline-offset-4 hover:underline"
        >
          {row.original.number}
        </Link>
      ),
    },
    {
      id: 'createdAt',
      accessorFn: (order) => order.createdAt,
      header: t('columns.createdAt'),
      cell: ({ row }) => <Moment at={row.original.createdAt} className="whitespace-nowrap text-muted-foreground" />,
    },
    {
      id: 'email',
      accessorFn: (order) => order.email,
      header: t('columns.email'),
      cell: ({ row }) => <span className="break-all">{row.original.email}</span>,
    },
    ...(scoped
      ? []
      : [
          {
            id: 'shop',
            accessorFn: (order: OrderView) => names.get(order.shopId) ?? '',
            header: t('columns.shop'),
            cell: ({ row }: { row: { original: OrderView } }) =>
              names.get(row.original.shopId) || <span className="text-muted-foreground">{t('unknownShop')}</span>,
          } satisfies ColumnDef<OrderView, unknown>,
        ]),
    {
      id: 'tickets',
      accessorFn: (order) => order.ticketCount,
      header: t('columns.tickets'),
      cell: ({ getValue }) => <span className="tabular-nums">{getValue() as number}</span>,
    },
    {
      id: 'total',
      accessorFn: (order) => order.money.totalMinor,
      header: t('columns.total'),
      cell: ({ row }) => <Money minor={row.original.money.totalMinor} currency={row.original.money.currency} />,
    },
    {
      id: 'status',
      accessorFn: (order) => order.status,
      header: t('columns.status'),
      cell: ({ row }) => <StatusBadge status={row.original.status} />,
    },
  ];

  return (
    <div data-testid={scoped ? 'page-shop-orders' : 'page-orders'}>
      <PageHeader
        title={scoped ? t('shopTitle') : t('title')}
        intro={scoped && shopName ? t('shopIntro', { shop: shopName }) : t('intro')}
      />

      <ListToolbar
        namespace="Orders.list"
        href={href}
        search={{ id: 'orders-search', query: list.query, navigate }}
        statuses={ORDER_LIST_STATUSES}
        status={list.status}
        filters={
          <>
            {!scoped && shops.length > 1 && (
              <label className="flex items-center gap-2 text-sm">
                <span className="text-muted-foreground">{t('shopLabel')}</span>
                <select
                  value={list.shopId}
                  onChange={(event) => navigate(href({ shop: event.target.value, page: 1 }))}
                  className={cn(controlClasses, 'h-9 w-auto max-w-56 text-sm')}
                  data-testid="orders-shop-filter"
                >
                  <option value="">{t('allShops')}</option>
                  {shops.map((shop) => (
                    <option key={shop.id} value={shop.id}>
                      {shop.name}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <CsvExportLink
              href={ordersCsvHref(orgId, {
                q: list.query,
                status: list.status,
                shop: scoped ? shopId : list.shopId,
                locale,
              })}
              label={t('export')}
              testId="orders-export"
            />
          </>
        }
        Link={Link}
      />

      {list.orders.length === 0 ? (
        filtered ? (
          <EmptyStatePreset
            kind="noItemsFound"
            description={t('filteredEmpty')}
            action={<ClearFiltersLink namespace="Orders.list" href={ordersListHref(orgId, {}, shopId)} Link={Link} />}
          />
        ) : (
          <EmptyState icon={Receipt} title={t('emptyTitle')} description={t('emptyDescription')} />
        )
      ) : (
        <DataTable
          columns={columns}
          data={list.orders}
          getRowId={(order) => order.id}
          searchable={false}
          paginated={false}
          caption={t('caption')}
        />
      )}

      <ListPages
        namespace="Orders.list"
        page={list.page}
        hasNextPage={list.hasNextPage}
        href={href}
        testId="orders-page"
        Link={Link}
      />
      {!scoped && <OptInsExport orgId={orgId} locale={locale} events={events} />}
    </div>
  );
}
