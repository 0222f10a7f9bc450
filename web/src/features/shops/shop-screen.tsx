'use client';
// /o/{orgId}/shops/{shopId} (Overview, Items, Discount Codes, History; ?tab= picks one) and …/settings.
import { useTranslations } from 'next-intl';
import { LinkTabs, type TabLinkComponent } from '../../components/ui/link-tabs';
import type { HistoryEntryView } from '../../lib/event-model';
import type { DiscountCodeView, SellableEvent, ShopItemView, ShopView } from '../../lib/shop-model';
import { type ShopTabKey, shopTabs } from '../dashboard/destinations';
import { PageHeader } from '../dashboard/page-header';
import { DiscountCodesTab } from './discount-codes-tab';
import type { ShopActions } from './shop-actions';
import { ShopHistory } from './shop-history';
import { ShopItemsTab } from './shop-items-tab';
import { ShopOverview } from './shop-overview';
import { ShopSettings } from './shop-settings';
import { ShopBadges } from './shop-support';

export type { ShopActions } from './shop-actions';
export type { ShopTabKey } from '../dashboard/destinations';

export interface ShopScreenProps {
  orgId: string;
  shop: ShopView;
  tab: ShopTabKey;
  /** Holds the 'shops' permission; without it everything is shown read-only. */
  canEdit: boolean;
  /** The locale of the shop's own texts (the organisation's default). */
  ownLocale: string;
  /** The public page's absolute URL, shown while the shop is public. */
  publicUrl: string;
  /** For the Items, Discount Codes and History tabs. */
  items?: ShopItemView[];
  events?: SellableEvent[];
  /** For the Discount Codes tab. */
  discountCodes?: DiscountCodeView[];
  /** For the History tab. */
  history?: HistoryEntryView[];
  Link?: TabLinkComponent;
  actions: ShopActions;
  /** Reads the page's data again after a change. */
  refresh(): void;
  /** After the shop is deleted: back to the list. */
  onDeleted(): void;
}

export function ShopScreen(props: ShopScreenProps) {
  const { orgId, shop, tab, canEdit, actions, refresh, Link } = props;
  const t = useTranslations('Dashboard.shop');
  const editable = canEdit && shop.status !== 'deleted';
  const tabs = shopTabs(orgId, shop.id).map(({ key, href }) => ({ value: key, href, label: t(`tabs.${key}`) }));
  const content = {
    overview: (
      <ShopOverview shop={shop} canEdit={editable} publicUrl={props.publicUrl} actions={actions} refresh={refresh} />
    ),
    items: (
      <ShopItemsTab
        orgId={orgId}
        shop={shop}
        items={props.items ?? []}
        events={props.events ?? []}
        canEdit={editable}
        actions={actions}
        refresh={refresh}
        Link={Link}
      />
    ),
    discountCodes: (
      <DiscountCodesTab
        shop={shop}
        discountCodes={props.discountCodes ?? []}
        items={props.items ?? []}
        events={props.events ?? []}
        canEdit={editable}
        actions={actions}
        refresh={refresh}
      />
    ),
    history: (
      <ShopHistory
        entries={props.history ?? []}
        currency={shop.currency}
        items={props.items ?? []}
        events={props.events ?? []}
      />
    ),
    settings: (
      <ShopSettings
        shop={shop}
        canEdit={canEdit}
        ownLocale={props.ownLocale}
        actions={actions}
        refresh={refresh}
        onDeleted={props.onDeleted}
      />
    ),
  }[tab];
  return (
    <div data-testid={`page-shop-${tab}`}>
      <PageHeader title={shop.name}>
        <ShopBadges shop={shop} className="text-sm" />
      </PageHeader>
      <LinkTabs items={tabs} active={tab} aria-label={t('tabs.label')} Link={Link} className="mb-6" />
      {content}
    </div>
  );
}
