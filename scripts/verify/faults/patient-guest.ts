// A guest who buys one ticket through the BFF's API and does what a person does when a page fails: tries again. The
// crash matrix kills services under the guest's requests; the guest's retries (same idempotency key for the same
// click, Retry payment from the order page when the payment could not start) are what the platform must survive.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiSession } from '@kassa/testing/api';

export interface GuestPurchase {
  orderId: string;
  /** The guest's key to the order (the checkout's answer): the order page, Retry payment and the demo page need it. */
  accessKey: string;
  paymentId: string;
  /** Requests answered with an error (or not at all) and made again. */
  retries: number;
}

type Answer = { status: number; body: unknown };

/** Retries one request while the answer is a server error, a rate limit, or no answer at all. */
async function patiently(
  what: string,
  call: () => Promise<Answer>,
  deadlineMs: number,
  onRetry: () => void,
): Promise<Answer> {
  const deadline = Date.now() + deadlineMs;
  let last: string;
  for (;;) {
    try {
      const answer = await call();
      if (answer.status < 500 && answer.status !== 429) return answer;
      last = `${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
    } catch (error) {
      last = (error as Error).message;
    }
    if (Date.now() > deadline) throw new Error(`${what}: still failing after ${deadlineMs} ms (${last})`);
    onRetry();
    await sleep(500);
  }
}

/** The attempt of a demo payment page's address, /payments/demo/{paymentId}?key={orderKey}. */
const demoPaymentId = (redirectUrl: string) => /\/payments\/demo\/(pay_[0-9a-z]+)/.exec(redirectUrl)?.[1];
const withKey = (path: string, accessKey: string) => `${path}?key=${encodeURIComponent(accessKey)}`;

/** Checkout of one item, and the payment started (retrying as above); the guest is then on the demo provider's page. */
export async function checkoutPatiently(
  bffUrl: string,
  shopId: string,
  itemId: string,
  email: string,
  deadlineMs = 120_000,
): Promise<GuestPurchase> {
  const api = new ApiSession(bffUrl);
  let retries = 0;
  const retried = () => {
    retries += 1;
  };
  // One click on "Check out": one key, however often the request has to be sent.
  const checkoutKey = randomUUID();
  const placed = await patiently(
    'checkout',
    () =>
      api.call('POST', `/api/shops/${shopId}/checkout`, {
        items: [{ itemId, quantity: 1 }],
        email,
        subscribe: false,
        locale: 'en',
        discountCode: '',
        donationMinor: 0,
        idempotencyKey: checkoutKey,
      }),
    deadlineMs,
    retried,
  );
  if (placed.status >= 300) throw new Error(`checkout answered ${placed.status}: ${JSON.stringify(placed.body)}`);
  const { orderId, accessKey, redirectUrl } = placed.body as {
    orderId: string;
    accessKey: string;
    redirectUrl: string;
  };
  let paymentId = demoPaymentId(redirectUrl);
  // The order is held but its payment did not start: the order page's Retry payment, one key per click.
  if (!paymentId) {
    retries += 1;
    const retryKey = randomUUID();
    const started = await patiently(
      'retry payment',
      () =>
        api.call('POST', withKey(`/api/orders/${orderId}/payments`, accessKey), {
          idempotencyKey: retryKey,
          locale: 'en',
        }),
      deadlineMs,
      retried,
    );
    if (started.status >= 300)
      throw new Error(`retry payment answered ${started.status}: ${JSON.stringify(started.body)}`);
    paymentId = demoPaymentId((started.body as { redirectUrl: string }).redirectUrl);
    if (!paymentId)
      throw new Error(`retry payment for ${orderId} led to no demo payment page: ${JSON.stringify(started.body)}`);
  }
  return { orderId, accessKey, paymentId, retries };
}

/** The demo provider's Pay (its page holds the order's key), pressed again while it fails. */
export async function payPatiently(
  bffUrl: string,
  purchase: Pick<GuestPurchase, 'paymentId' | 'accessKey'>,
  deadlineMs = 120_000,
): Promise<number> {
  const api = new ApiSession(bffUrl);
  let retries = 0;
  const path = withKey(`/api/payments/${purchase.paymentId}/demo`, purchase.accessKey);
  const paid = await patiently(
    'demo pay',
    () => api.call('POST', path, { action: 'pay', locale: 'en' }),
    deadlineMs,
    () => {
      retries += 1;
    },
  );
  if (paid.status >= 300) throw new Error(`demo pay answered ${paid.status}: ${JSON.stringify(paid.body)}`);
  return retries;
}

/** The order page (with the order's key), followed until the order is paid. */
export async function waitUntilPaid(
  bffUrl: string,
  purchase: Pick<GuestPurchase, 'orderId' | 'accessKey'>,
  timeoutMs = 120_000,
): Promise<void> {
  const api = new ApiSession(bffUrl);
  const { orderId } = purchase;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await api
      .call('GET', withKey(`/api/orders/${orderId}`, purchase.accessKey))
      .catch((error: Error) => ({ status: 0, body: error.message }));
    const status = (answer.body as { order?: { status?: string } } | undefined)?.order?.status;
    if (status === 'paid') return;
    if (Date.now() > deadline)
      throw new Error(`order ${orderId} not paid after ${timeoutMs} ms (last: ${status ?? answer.status})`);
    await sleep(300);
  }
}
