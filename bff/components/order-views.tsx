'use client';
// The organiser's order and payment screens wired to the BFF's order routes, the locale-aware router and links.
import {
  type OrderActions,
  OrderDetailScreen,
  type OrderDetailScreenProps,
} from '@kassa/web/features/orders/order-detail-screen';
import type { ResendResult } from '@kassa/web/features/orders/order-messages';
import { OrdersScreen, type OrdersScreenProps } from '@kassa/web/features/orders/orders-list-screen';
import { PaymentsScreen, type PaymentsScreenProps } from '@kassa/web/features/orders/payments-screen';
import type { OrderRefundView, OrderView, RefundInput } from '@kassa/web/lib/order-model';
import { Link, useRouter } from '../i18n/navigation';
import { callApi } from '../lib/api-client';

export function OrdersListView(props: Omit<OrdersScreenProps, 'Link' | 'navigate'>) {
  const router = useRouter();
  return <OrdersScreen {...props} Link={Link} navigate={(href) => router.push(href)} />;
}

function orderActions(orgId: string, orderId: string): OrderActions {
  const order = `/api/organisations/${encodeURIComponent(orgId)}/orders/${encodeURIComponent(orderId)}`;
  return {
    cancel: () => callApi<{ order: OrderView }>('POST', `${order}/cancel`),
    refund: (input: RefundInput) =>
      callApi<{ order: OrderView; refund: OrderRefundView }>('POST', `${order}/refund`, input),
    resendConfirmation: (idempotencyKey: string) =>
      callApi<ResendResult>('POST', `${order}/resend-confirmation`, { idempotencyKey }),
  };
}

export function OrderDetailView(props: Omit<OrderDetailScreenProps, 'Link' | 'actions' | 'refresh'>) {
  const router = useRouter();
  return (
    <OrderDetailScreen
      {...props}
      Link={Link}
      refresh={() => router.refresh()}
      actions={orderActions(props.orgId, props.detail.order.id)}
    />
  );
}

export function PaymentsListView(props: Omit<PaymentsScreenProps, 'Link'>) {
  return <PaymentsScreen {...props} Link={Link} />;
}
