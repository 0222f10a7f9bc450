'use client';
// The guest's order page and the demo provider's page wired to the BFF's endpoints: following the order, starting a
// payment attempt (Retry payment), and the demo provider's Pay / Fail / Abandon.
import { DemoPaymentScreen } from '@kassa/web/features/checkout/demo-payment-screen';
import { OrderScreen } from '@kassa/web/features/checkout/order-screen';
import { GuestOrderTickets } from '@kassa/web/features/tickets/guest-order-tickets';
import type { GuestTicketView } from '@kassa/web/features/tickets/ticket-model';
import type { ApiResult } from '@kassa/web/lib/api-result';
import { orderApiPath, withAccessKey } from '@kassa/web/lib/guest-access';
import type {
  DemoAction,
  DemoPaymentResult,
  DemoPaymentView,
  GuestOrderView,
  PaymentRedirect,
  PaymentReturn,
} from '@kassa/web/lib/checkout';
import { useLocale } from 'next-intl';
import { useCallback } from 'react';
import { Link } from '../i18n/navigation';
import { callApi } from '../lib/api-client';

// Full page loads: the provider's page is another site, and the order page must show the order as it is now.
const leaveFor = (url: string) => window.location.assign(url);

export interface GuestOrderPageViewProps {
  order: GuestOrderView;
  paymentReturn: PaymentReturn;
  shopHref: string;
  /** The paid order's tickets as the server found them (none yet right after paying: the list asks again). */
  tickets: GuestTicketView[];
}

export function GuestOrderPageView({ order, paymentReturn, shopHref, tickets }: GuestOrderPageViewProps) {
  const locale = useLocale();
  const orderApi = orderApiPath(order);
  const loadOrder = useCallback(async (): Promise<ApiResult<GuestOrderView>> => {
    const result = await callApi<{ order: GuestOrderView }>('GET', orderApi);
    return result.ok ? { ok: true, data: result.data.order } : result;
  }, [orderApi]);
  const paymentsApi = orderApiPath(order, '/payments');
  const startPayment = useCallback(
    (idempotencyKey: string) => callApi<PaymentRedirect>('POST', paymentsApi, { idempotencyKey, locale }),
    [paymentsApi, locale],
  );
  const ticketsApi = orderApiPath(order, '/tickets');
  const loadTickets = useCallback(async (): Promise<ApiResult<GuestTicketView[]>> => {
    const result = await callApi<{ tickets: GuestTicketView[] }>(
      'GET',
      `${ticketsApi}&locale=${encodeURIComponent(locale)}`,
    );
    return result.ok ? { ok: true, data: result.data.tickets } : result;
  }, [ticketsApi, locale]);
  return (
    <OrderScreen
      order={order}
      paymentReturn={paymentReturn}
      shopHref={shopHref}
      loadOrder={loadOrder}
      startPayment={startPayment}
      onRedirect={leaveFor}
      tickets={<GuestOrderTickets initial={tickets} loadTickets={loadTickets} Link={Link} />}
    />
  );
}

export function DemoPaymentPageView({
  payment,
  orderAccessKey,
  orderHref,
}: {
  payment: DemoPaymentView;
  orderAccessKey: string;
  orderHref: string;
}) {
  const locale = useLocale();
  const complete = useCallback(
    (action: DemoAction) =>
      callApi<DemoPaymentResult>(
        'POST',
        withAccessKey(`/api/payments/${encodeURIComponent(payment.id)}/demo`, orderAccessKey),
        { action, locale },
      ),
    [payment.id, orderAccessKey, locale],
  );
  return <DemoPaymentScreen payment={payment} orderHref={orderHref} complete={complete} onRedirect={leaveFor} />;
}
