// The guest's order and payment pages' data (ordering's GetGuestOrder, payments' GetPayment, mapped in order-views.ts),
// and the one way the BFF starts a payment attempt (after a checkout and on Retry payment). Anonymous: the order's
// access key is the capability (lib/guest-access.ts), so nothing here is cached or shared between guests.
import { isGrpcCallError, status } from '@kassa/platform/grpc';
import type { GetPaymentResponse } from '@kassa/proto/payments/v1/payments';
import type { DemoPaymentView, GuestOrderView } from '@kassa/web/lib/checkout';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { orderHref } from '@kassa/web/lib/guest-access';
import { routing } from '../../i18n/routing';
import { logger } from '../logger';
import { orderClient } from '../clients/order-client';
import { toDemoPaymentView, toGuestOrderView } from './order-views';
import { isPrefixedId } from '../site/page-validity';
import { paymentClient } from '../clients/payment-client';
import { fetchPublicShop } from '../shops/public-shop';
import { localizePath } from '../site/route-guard';

/** A path of this app in the guest's language: '/order/ord_…' stays as it is in English and gets '/nl' in Dutch. */
export function localizedPath(path: string, locale: string): string {
  return localizePath(
    path,
    (routing.locales as readonly string[]).includes(locale) ? locale : routing.defaultLocale,
    routing,
  );
}

type OrderKey = { id: string; accessKey: string };

/** Where the guest follows an order: its page with the key, in the guest's language. */
export function orderPagePath(order: OrderKey, locale: string, paymentReturn = ''): string {
  const path = localizedPath(orderHref(order), locale);
  return paymentReturn ? `${path}&payment=${paymentReturn}` : path;
}

/**
 * The provider's page for the guest. The demo provider's page is ours (`{origin}/payments/demo/{id}`): it opens in
 * the guest's language. Anything else (Stripe's hosted page) is left exactly as the provider gave it.
 */
export function providerRedirect(redirectUrl: string, origin: string, locale: string): string {
  const demoPrefix = `${origin}/payments/demo/`;
  if (!redirectUrl.startsWith(demoPrefix)) return redirectUrl;
  return `${origin}${localizedPath(redirectUrl.slice(origin.length), locale)}`;
}

/**
 * Starts a payment attempt for a held order and answers where to send the guest. payments takes the amount from
 * ordering, never from us: right after a checkout from ordering's attestation that came with it (passed on as it
 * is), otherwise by asking ordering. The key makes a retried call find the same attempt.
 */
export async function startPayment(
  order: OrderKey,
  idempotencyKey: string,
  origin: string,
  locale: string,
  payableOrderAttestation = '',
): Promise<{ paymentId: string; redirectUrl: string }> {
  const { payment } = await paymentClient().createPayment({
    orderId: order.id,
    orderAccessKey: order.accessKey,
    idempotencyKey,
    returnOrigin: origin,
    payableOrderAttestation,
  });
  if (!payment) throw new Error('payments answered without a payment');
  // An attempt that is already final (a retried key whose payment went through) has no page to go to: the order page shows the outcome.
  const redirectUrl = payment.redirectUrl
    ? providerRedirect(payment.redirectUrl, origin, locale)
    : orderPagePath(order, locale);
  return { paymentId: payment.id, redirectUrl };
}

/**
 * Retry payment: an order whose hold ran out is first held again (ordering's RenewGuestOrder: 409 with plain words
 * when its tickets are gone; a held order is left as it is), then a new attempt starts as after checkout.
 */
export async function retryPayment(
  order: OrderKey,
  idempotencyKey: string,
  origin: string,
  locale: string,
): Promise<{ paymentId: string; redirectUrl: string }> {
  await orderClient().renewGuestOrder({ orderId: order.id, accessKey: order.accessKey });
  return startPayment(order, idempotencyKey, origin, locale);
}

const isMissing = (error: unknown) =>
  isGrpcCallError(error) && (error.code === status.NOT_FOUND || error.code === status.INVALID_ARGUMENT);

/** The guest's order, or the 404 page when it is unknown or the key is not its own. Asked once per request (metadata and page share it). */
export const loadGuestOrder = cache(async (orderId: string, accessKey: string): Promise<GuestOrderView> => {
  if (!isPrefixedId('ord', orderId) || !accessKey) notFound();
  try {
    const { order } = await orderClient().getGuestOrder({ orderId, accessKey });
    return toGuestOrderView(order);
  } catch (error) {
    if (isMissing(error)) notFound();
    throw error;
  }
});

/** The shop's name for the guest's pages, or '' when guests cannot see the shop any more (closed, deleted). */
export async function shopNameFor(shopId: string, locale: string): Promise<string> {
  try {
    return (await fetchPublicShop(shopId, locale, ''))?.name ?? '';
  } catch (error) {
    // The name is a courtesy; an unreachable catalog must not take the order or payment page down with it.
    logger.error({ err: error, call: 'GetPublicShop', shopId }, "the shop's name could not be read");
    return '';
  }
}

/** A demo provider's attempt for its test-mode page, or the 404 page (unknown, wrong key, or not a demo attempt). */
export const loadDemoPayment = cache(
  async (paymentId: string, orderAccessKey: string, locale: string): Promise<DemoPaymentView> => {
    if (!isPrefixedId('pay', paymentId) || !orderAccessKey) notFound();
    let answer: GetPaymentResponse;
    try {
      answer = await paymentClient().getPayment({ paymentId, orderAccessKey });
    } catch (error) {
      if (isMissing(error)) notFound();
      throw error;
    }
    if (answer.payment?.provider !== 'demo') notFound();
    return toDemoPaymentView(answer, await shopNameFor(answer.shopId, locale));
  },
);
