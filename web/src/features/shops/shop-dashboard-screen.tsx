'use client';
// /s/{shopId}/dashboard: the shop at a glance in the shop dashboard layout, with the ways to the organisation's
// shop pages where its items, codes and settings are managed.
import { ArrowRight } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { PlainLink } from '../../components/link-like';
import type { TabLinkComponent } from '../../components/ui/link-tabs';
import type { ShopView } from '../../lib/shop-model';
import { shopTabs } from '../dashboard/destinations';
import { PageHeader } from '../dashboard/page-header';
import type { ShopActions } from './shop-actions';
import { ShopOverview } from './shop-overview';
import { ShopBadges } from './shop-support';

export interface ShopDashboardScreenProps {
  orgId: string;
  shop: ShopView;
  canEdit: boolean;
  publicUrl: string;
  actions: Pick<ShopActions, 'publish' | 'convertToDraft'>;
  refresh(): void;
  Link?: TabLinkComponent;
}

export function ShopDashboardScreen({
  orgId,
  shop,
  canEdit,
  publicUrl,
  actions,
  refresh,
  Link = PlainLink as TabLinkComponent,
}: ShopDashboardScreenProps) {
  const t = useTranslations('Shops.dashboard');
  return (
    <div data-testid="page-shop-dashboard">
      <PageHeader title={shop.name} intro={t('intro')}>
        <ShopBadges shop={shop} className="text-sm" />
      </PageHeader>
      <div className="grid gap-8 lg:grid-cols-[1fr_16rem]">
        <ShopOverview
          shop={shop}
          canEdit={canEdit && shop.status !== 'deleted'}
          publicUrl={publicUrl}
          actions={actions}
          refresh={refresh}
        />
        <nav
          aria-label={t('manage')}
          className="flex h-fit flex-col gap-1 rounded-lg border border-border p-4"
          data-testid="shop-manage-links"
        >
          <h2 className="mb-1 text-sm font-semibold">{t('manage')}</h2>
          {shopTabs(orgId, shop.id).map(({ key, href }) => (
            <Link
              key={key}
              href={href}
              className="flex items-center justify-between rounded-md px-2 py-1.5 text-sm hover:bg-muted"
            >
              {t(`links.${key}`)}
              <ArrowRight aria-hidden className="size-4 text-muted-foreground" />
            </Link>
          ))}
        </nav>
      </div>
    </div>
  );
}
