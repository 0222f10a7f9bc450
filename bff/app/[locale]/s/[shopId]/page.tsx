import { PublicShopScreen, ShopUpcomingScreen } from '@kassa/web/features/shop/public-shop-screen';
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { ShopCartPanelView, ShopPasswordGateView } from '../../../../components/public-shop-views';
import { staticCanonical } from '../../../../server/site/page-metadata';
import { loadPublicShopPage } from '../../../../server/shops/public-shop';
import { readShopAccessToken } from '../../../../server/shops/shop-access';
import SiteLayout from '../../(site)/layout';
import { ClientMessages } from '../../../../components/client-messages';
import { CLIENT_MESSAGES } from '../../../../server/site/client-messages';

type Props = { params: Promise<{ locale: string; shopId: string }> };

// Read per request: availability changes by the second and a shop closes at closesAt. The BFF keeps catalog's and
// ordering's answers briefly in memory (server/shops/public-shop.ts); the proxy sets Cache-Control for shared caches.
export const dynamic = 'force-dynamic';

async function load(params: Props['params']) {
  const { locale, shopId } = await params;
  return loadPublicShopPage(shopId, locale, readShopAccessToken(await cookies(), shopId));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, shopId } = await params;
  const page = await load(params);
  if (page.kind === 'not-found') return {};
  // A password-protected or upcoming shop is not for search engines; an open one is.
  const hidden = page.kind !== 'open' || page.shop.passwordRequired;
  return {
    title: page.shop.name,
    description: page.kind === 'locked' ? undefined : page.shop.description.slice(0, 160) || undefined,
    alternates: staticCanonical(locale, `/s/${shopId}`),
    robots: hidden ? { index: false } : undefined,
  };
}

/**
 * /s/{shopId}: the public shop in the site layout, for anyone. Upcoming: when it opens (the page reloads itself
 * then). Password-protected: only the password form. Open: offers, single tickets per event and the cart.
 * Draft, deleted, closed and unknown shops are the 404 page.
 */
export default async function PublicShopPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const page = await load(params);
  if (page.kind === 'not-found') notFound();
  return (
    <SiteLayout params={params}>
      <ClientMessages namespaces={CLIENT_MESSAGES.shop}>
        {page.kind === 'upcoming' && <ShopUpcomingScreen shop={page.shop} />}
        {page.kind === 'locked' && <ShopPasswordGateView shopId={page.shop.id} shopName={page.shop.name} />}
        {page.kind === 'open' && (
          <PublicShopScreen
            shop={page.shop}
            availability={page.availability}
            cartPanel={
              <ShopCartPanelView
                shopId={page.shop.id}
                currency={page.shop.currency}
                donation={page.shop.donation}
                items={page.shop.items.map(({ id, name, priceMinor }) => ({ id, name, priceMinor }))}
              />
            }
          />
        )}
      </ClientMessages>
    </SiteLayout>
  );
}
