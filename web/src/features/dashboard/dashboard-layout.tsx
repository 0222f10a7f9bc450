'use client';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { LinkComponent } from '../../components/link-like';
import type { ApiResult } from '../../lib/api-result';
import { DashboardShell } from './dashboard-shell';
import { OrganisationSwitcher, type SwitcherOrganisation } from '../organisations/organisation-switcher';
import { activeKey, organisationNav, permittedNav } from './destinations';
import type { UserMenuUser } from './user-menu';

export interface DashboardLayoutProps {
  orgId: string;
  /** The current locale-free path and query, for the active entry. */
  pathname: string;
  search?: string;
  user: UserMenuUser;
  /** The organisation shown, and the viewer's others, for the switcher at the top of the sidebar. */
  organisation?: SwitcherOrganisation;
  organisations?: SwitcherOrganisation[];
  /** The viewer's permissions: sidebar and command menu entries they cannot open are hidden. Absent = all. */
  permissions?: readonly string[];
  Link?: LinkComponent;
  navigate(href: string): void;
  signOut(): Promise<ApiResult<unknown>>;
  onSignedOut(): void;
  children: ReactNode;
}

/** The organiser dashboard (/o/{orgId}/…): Dashboard, Events, Shops, Payments, Orders, Scan Tickets, Settings. */
export function DashboardLayout({
  orgId,
  pathname,
  search,
  organisation,
  organisations,
  permissions,
  children,
  ...rest
}: DashboardLayoutProps) {
  const t = useTranslations('Dashboard.nav');
  const all = organisationNav(orgId);
  const items = permissions ? permittedNav(all, permissions) : all;
  return (
    <DashboardShell
      nav={{
        items,
        active: activeKey(items, pathname, search),
        label: (key) => t(key as 'dashboard'),
        ariaLabel: t('label'),
      }}
      navHeader={
        organisation && (
          <OrganisationSwitcher
            current={organisation}
            organisations={organisations ?? [organisation]}
            navigate={rest.navigate}
          />
        )
      }
      commandScope={{ orgId, permissions }}
      settingsHref={`/o/${orgId}/settings`}
      {...rest}
    >
      {children}
    </DashboardShell>
  );
}
