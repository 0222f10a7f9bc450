'use client';
// /o/{orgId}/shops: the organisation's shops with search (?q=), status filter (?status=) and pages (?page=), all in
// the URL; "Create shop" opens the form in a dialog.
import { Plus } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { PlainLink } from '../../components/link-like';
import { Button } from '../../components/ui/button';
import { DataTable, type ColumnDef } from '../../components/ui/data-table';
import { EmptyStatePreset } from '../../components/ui/empty-state';
import type { TabLinkComponent } from '../../components/ui/link-tabs';
import type { ApiResult } from '../../lib/api-result';
import { SHOP_LIST_STATUSES, type ShopInput, type ShopListView, type ShopView } from '../../lib/shop-model';
import { CreateDialog } from '../dashboard/create-dialog';
import { ClearFiltersLink, type ListFilters, ListPages, listHref, ListToolbar } from '../dashboard/list-controls';
import { PageHeader } from '../dashboard/page-header';
import { ShopForm } from './shop-form';
import { Moment, ShopBadges } from './shop-support';

export interface ShopsListScreenProps {
  orgId: string;
  list: ShopListView;
  /** Holds the 'shops' permission: may create shops. */
  canEdit: boolean;
  ownLocale: string;
  /** The organisation's currency, a new shop's default. */
  currency: string;
  Link?: TabLinkComponent;
  /** Goes to a locale-free path (a new search, the new shop). */
  navigate(href: string): void;
  createShop(input: ShopInput): Promise<ApiResult<{ shop: ShopView }>>;
}

export const shopsListHref = (orgId: string, filters: ListFilters): string => listHref(`/o/${orgId}/shops`, filters);

export function ShopsListScreen({
  orgId,
  list,
  canEdit,
  ownLocale,
  currency,
  Link = PlainLink as TabLinkComponent,
  navigate,
  createShop,
}: ShopsListScreenProps) {
  const t = useTranslations('Shops.list');
  const tDashboard = useTranslations('Dashboard.shops');
  const [creating, setCreating] = useState(false);
  const href = (filters: ListFilters) => shopsListHref(orgId, { q: list.query, status: list.status, ...filters });
  const filtered = list.query !== '' || list.status !== '' || list.page > 1;

  const columns: ColumnDef<ShopView, unknown>[] = [
    {
      id: 'name',
      accessorFn: (shop) => shop.name,
      header: t('columns.name'),
      cell: ({ row }) => (
        <Link
          href={`/o/${orgId}/shops/${row.original.id}`}
          className="font-medium text-foreground underline-offset-4 hover:underline"
        >
          {row.original.name}
        </Link>
      ),
    },
    {
      id: 'status',
      accessorFn: (shop) => `${shop.status} ${shop.window}`,
      header: t('columns.status'),
      cell: ({ row }) => <ShopBadges shop={row.original} />,
    },
    {
      id: 'opensAt',
      accessorFn: (shop) => shop.opensAt,
      header: t('columns.opensAt'),
      cell: ({ row }) => <Moment at={row.original.opensAt} className="whitespace-nowrap text-muted-foreground" />,
    },
    {
      id: 'closesAt',
      accessorFn: (shop) => shop.closesAt,
      header: t('columns.closesAt'),
      cell: ({ row }) => <Moment at={row.original.closesAt} className="whitespace-nowrap text-muted-foreground" />,
    },
    {
      id: 'items',
      accessorFn: (shop) => shop.itemCount,
      header: t('columns.items'),
      cell: ({ getValue }) => <span className="tabular-nums">{getValue() as number}</span>,
    },
  ];

  const createButton = (variant: 'primary' | 'outline') => (
    <Button variant={variant} onClick={() => setCreating(true)}>
      <Plus aria-hidden />
      {t('create')}
    </Button>
  );

  return (
    <div data-testid="page-shops">
      <PageHeader title={tDashboard('title')} intro={tDashboard('intro')}>
        {canEdit && createButton('primary')}
      </PageHeader>

      <ListToolbar
        namespace="Shops.list"
        href={href}
        search={{ id: 'shops-search', query: list.query, navigate }}
        statuses={SHOP_LIST_STATUSES}
        status={list.status}
        Link={Link}
      />

      {list.shops.length === 0 ? (
        <EmptyStatePreset
          kind="noItemsFound"
          description={filtered ? t('filteredEmpty') : t('emptyDescription')}
          action={
            filtered ? (
              <ClearFiltersLink namespace="Shops.list" href={shopsListHref(orgId, {})} Link={Link} />
            ) : canEdit ? (
              createButton('outline')
            ) : undefined
          }
        />
      ) : (
        <DataTable
          columns={columns}
          data={list.shops}
          getRowId={(shop) => shop.id}
          searchable={false}
          paginated={false}
          caption={t('caption')}
        />
      )}

      <ListPages
        namespace="Shops.list"
        page={list.page}
        hasNextPage={list.hasNextPage}
        href={href}
        testId="shops-page"
        Link={Link}
      />

      {canEdit && (
        <CreateShopDialog
          open={creating}
          onOpenChange={setCreating}
          ownLocale={ownLocale}
          currency={currency}
          createShop={createShop}
          onCreated={(shop) => navigate(`/o/${orgId}/shops/${shop.id}`)}
        />
      )}
    </div>
  );
}

interface CreateShopDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  ownLocale: string;
  currency: string;
  createShop: ShopsListScreenProps['createShop'];
  onCreated(shop: ShopView): void;
}

function CreateShopDialog({ open, onOpenChange, ownLocale, currency, createShop, onCreated }: CreateShopDialogProps) {
  const t = useTranslations('Shops.create');
  const tForm = useTranslations('Shops.form');
  return (
    <CreateDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('title')}
      description={t('description')}
      cancelLabel={tForm('cancel')}
    >
      {(cancel) => (
        <ShopForm
          ownLocale={ownLocale}
          defaultCurrency={currency}
          submitLabel={tForm('create')}
          submittingLabel={tForm('creating')}
          onSubmit={async (input) => {
            const result = await createShop(input);
            if (result.ok) onCreated(result.data.shop);
            return result;
          }}
          secondaryAction={cancel}
        />
      )}
    </CreateDialog>
  );
}
