import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { ClientMessages } from '../../../../../components/client-messages';
import { ShopFrame } from '../../../../../components/dashboard-frames';
import { isPrefixedId } from '../../../../../server/site/page-validity';
import { currentRequestMetadata } from '../../../../../server/site/page-metadata';
import { requireShopAccess } from '../../../../../server/shops/shop-pages';

type Props = { children: ReactNode; params: Promise<{ locale: string; shopId: string }> };

/** Dashboard pages render per request: their canonical link keeps the whitelisted query (page, q, status). */
export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  return currentRequestMetadata((await params).locale);
}

/**
 * The shop dashboard around /s/{shopId}/dashboard, orders, tickets and settings (the route group leaves the public
 * shop page at /s/{shopId} outside it), behind the 'shop-auth' check: signed in (else to sign-in and back), the
 * shop found in one of the user's organisations (else 404, so a shop id tells outsiders nothing), and the "shops"
 * permission there (else 403). The pages ask again (deduped per request) for the data they show.
 */
export default async function ShopDashboardLayout({ children, params }: Props) {
  const { locale, shopId } = await params;
  setRequestLocale(locale);
  if (!isPrefixedId('shp', shopId)) notFound();
  const { user, orgId } = await requireShopAccess(locale, shopId);
  return (
    <div className="flex min-h-screen flex-1 flex-col">
      <ClientMessages namespaces="all">
        <ShopFrame shopId={shopId} orgId={orgId} user={{ displayName: user.displayName, email: user.email }}>
          {children}
        </ShopFrame>
      </ClientMessages>
    </div>
  );
}
