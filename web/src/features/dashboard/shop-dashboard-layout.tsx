'use client';
import { ArrowLeft } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { PlainLink, type LinkComponent } from '../../components/link-like';
import type { ApiResult } from '../../lib/api-result';
import { DashboardShell } from './dashboard-shell';
import { activeKey, shopNav } from './destinations';
import type { UserMenuUser } from './user-menu';

export interface ShopDashboardLayoutProps {
  shopId: string;
  /** The organisation the shop belongs to (its "Back" link leads to the organisation's shops). */
  orgId: string;
  pathname: string;
  user: UserMenuUser;
  Link?: LinkComponent;
  navigate(href: string): void;
  signOut(): Promise<ApiResult<unknown>>;
  onSignedOut(): void;
  children: ReactNode;
}

/** The shop dashboard (/s/{shopId}/…): Dashboard, Orders, Tickets, Settings, and the way back to the organisation. */
export function ShopDashboardLayout({
  shopId,
  orgId,
  pathname,
  children,
  Link = PlainLink,
  ...rest
}: ShopDashboardLayoutProps) {
  const t = useTranslations('Dashboard.shopNav');
  const items = shopNav(shopId);
  return (
    <DashboardShell
      nav={{ items, active: activeKey(items, pathname), label: (key) => t(key as 'dashboard'), ariaLabel: t('label') }}
      navHeader={
        <Link
          href={`/o/${orgId}/shops`}
          className="flex items-center gap-2 px-3 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t('backToOrganisation')}
        </Link>
      }
      commandScope={{ orgId, shopId }}
      settingsHref={`/o/${orgId}/settings`}
      Link={Link}
      {...rest}
    >
      {children}
    </DashboardShell>
  );
}
