'use client';
// The organiser and shop dashboard layouts, wired to the app's router, locale-aware links and sign-out.
import { DashboardLayout } from '@kassa/web/features/dashboard/dashboard-layout';
import { ShopDashboardLayout } from '@kassa/web/features/dashboard/shop-dashboard-layout';
import type { UserMenuUser } from '@kassa/web/features/dashboard/user-menu';
import type { SwitcherOrganisation } from '@kassa/web/features/organisations/organisation-switcher';
import { Toaster } from '@kassa/web/components/ui/toaster';
import { useLocale } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import type { ReactNode } from 'react';
import { getPathname, Link, usePathname, useRouter } from '../i18n/navigation';
import { callApi } from '../lib/api-client';

function useShellWiring() {
  const locale = useLocale();
  const router = useRouter();
  return {
    Link,
    navigate: (href: string) => router.push(href),
    signOut: () => callApi('DELETE', '/api/_auth/session'),
    // A full page load, so that no server component keeps showing the signed-out user.
    onSignedOut: () => window.location.assign(getPathname({ href: '/sign-in', locale })),
  };
}

export interface OrganisationFrameProps {
  orgId: string;
  user: UserMenuUser;
  /** The organisation shown and the user's others (the switcher). */
  organisation: SwitcherOrganisation;
  organisations: SwitcherOrganisation[];
  /** The user's permissions here: what they cannot open is not offered. */
  permissions: string[];
  children: ReactNode;
}

export function OrganisationFrame({
  orgId,
  user,
  organisation,
  organisations,
  permissions,
  children,
}: OrganisationFrameProps) {
  const wiring = useShellWiring();
  const pathname = usePathname();
  const search = useSearchParams().toString();
  return (
    <DashboardLayout
      orgId={orgId}
      pathname={pathname}
      search={search}
      user={user}
      organisation={organisation}
      organisations={organisations}
      permissions={permissions}
      {...wiring}
    >
      {children}
      {/* The dashboard's one toast region (e.g. "Confirmation sent again"); pages call toast() from components/ui/toaster. */}
      <Toaster />
    </DashboardLayout>
  );
}

export function ShopFrame({
  shopId,
  orgId,
  user,
  children,
}: {
  shopId: string;
  orgId: string;
  user: UserMenuUser;
  children: ReactNode;
}) {
  const wiring = useShellWiring();
  const pathname = usePathname();
  return (
    <ShopDashboardLayout shopId={shopId} orgId={orgId} pathname={pathname} user={user} {...wiring}>
      {children}
    </ShopDashboardLayout>
  );
}
