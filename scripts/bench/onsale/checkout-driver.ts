// A guest's checkout as the shop page sends it: POST /api/shops/{shopId}/checkout with the spec's payload, from the
// BFF's own origin (Origin and Sec-Fetch-Site as a browser sends them, so the CSRF check passes as in production).
import { randomBytes } from 'node:crypto';
import { type Agent, request } from 'node:http';

export interface CheckoutAnswer {
  status: number;
  body: {
    orderId?: string;
    accessKey?: string;
    status?: string;
    redirectUrl?: string;
    message?: string;
    fields?: Record<string, string>;
  };
}

const run = randomBytes(4).toString('hex');
let sequence = 0;

/** One checkout of one ticket of `itemId`, with a fresh idempotency key (every call is a new guest's order). */
export function postCheckout(origin: string, shopId: string, itemId: string, agent?: Agent): Promise<CheckoutAnswer> {
  sequence += 1;
  const payload = Buffer.from(
    JSON.stringify({
      items: [{ itemId, quantity: 1 }],
      email: `guest${sequence}@example.test`,
      subscribe: false,
      discountCode: '',
      donationMinor: 0,
      idempotencyKey: `onsale-${run}-${sequence}`,
    }),
  );
  return new Promise((resolve, reject) => {
    const call = request(
      `${origin}/api/shops/${shopId}/checkout`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          origin,
          'sec-fetch-site': 'same-origin',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as CheckoutAnswer['body'] });
          } catch {
            reject(
              new Error(`checkout answered ${response.statusCode} with a body that is not JSON: ${text.slice(0, 200)}`),
            );
          }
        });
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}

/** The guest's key to an order (22 characters of base64url), as the checkout answers it and the order's links carry it. */
const ACCESS_KEY = /^[A-Za-z0-9_-]{22}$/;
const DEMO_PAGE = /\/payments\/demo\/pay_[0-9a-z]+\?key=([A-Za-z0-9_-]{22})$/;

/**
 * A checkout that must succeed: 201 with the order id and its access key, and for a paid item a reserved order sent
 * to the demo provider's page with the order's key (a payment attempt was started), for a free item a paid order
 * sent to its order page with its key. Anything else fails the run: a figure with errors in it is not a figure.
 */
export async function checkoutOk(
  origin: string,
  shopId: string,
  itemId: string,
  paid: boolean,
  agent?: Agent,
): Promise<void> {
  const answer = await postCheckout(origin, shopId, itemId, agent);
  const { status, body } = answer;
  const redirectUrl = body.redirectUrl ?? '';
  const ok =
    status === 201 &&
    typeof body.orderId === 'string' &&
    ACCESS_KEY.test(body.accessKey ?? '') &&
    (paid
      ? body.status === 'reserved' &&
        redirectUrl.startsWith(`${origin}/payments/demo/pay_`) &&
        DEMO_PAGE.exec(redirectUrl)?.[1] === body.accessKey
      : body.status === 'paid' && redirectUrl === `/order/${body.orderId}?key=${body.accessKey}`);
  if (!ok) throw new Error(`checkout of ${paid ? 'a paid' : 'a free'} item answered ${status} ${JSON.stringify(body)}`);
}
