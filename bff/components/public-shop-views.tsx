'use client';
// The public shop's client parts wired to the BFF's shop endpoints: the cart's price and checkout calls and the
// password form.
import { CartPanel, type CartPanelItem } from '@kassa/web/features/shop/cart-panel';
import { PasswordGate } from '@kassa/web/features/shop/password-gate';
import type { ApiResult } from '@kassa/web/lib/api-result';
import type { CheckoutInput, CheckoutResult } from '@kassa/web/lib/checkout';
import type { PriceCartInput, PriceQuoteView } from '@kassa/web/lib/public-shop';
import type { DonationView } from '@kassa/web/lib/shop-model';
import { useCallback } from 'react';
import { useRouter } from '../i18n/navigation';
import { callApi } from '../lib/api-client';

const shopApi = (shopId: string) => `/api/shops/${encodeURIComponent(shopId)}`;

export function ShopCartPanelView({
  shopId,
  currency,
  donation,
  items,
}: {
  shopId: string;
  currency: string;
  donation: DonationView;
  items: CartPanelItem[];
}) {
  // Stable, so that the cart asks for prices only when the cart itself changes.
  const priceCart = useCallback(
    async (input: PriceCartInput): Promise<ApiResult<PriceQuoteView>> => {
      const result = await callApi<{ quote: PriceQuoteView }>('POST', `${shopApi(shopId)}/price`, input);
      return result.ok ? { ok: true, data: result.data.quote } : result;
    },
    [shopId],
  );
  const checkout = useCallback(
    (input: CheckoutInput) => callApi<CheckoutResult>('POST', `${shopApi(shopId)}/checkout`, input),
    [shopId],
  );
  return (
    <CartPanel
      currency={currency}
      donation={donation}
      items={items}
      priceCart={priceCart}
      checkout={checkout}
      // A full page load: the provider's page is another site, and the order page must be rendered fresh.
      onCheckedOut={({ redirectUrl }) => window.location.assign(redirectUrl)}
    />
  );
}

export function ShopPasswordGateView({ shopId, shopName }: { shopId: string; shopName: string }) {
  const router = useRouter();
  return (
    <PasswordGate
      shopName={shopName}
      unlock={(password) => callApi('POST', `${shopApi(shopId)}/access`, { password })}
      // The cookie is set: render the page again on the server, which now sends the token along.
      onUnlocked={() => router.refresh()}
    />
  );
}
