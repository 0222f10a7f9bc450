// A guest's checkout as the shop page sends it: POST /api/shops/{shopId}/checkout with the spec's payload, from the
// BFF's own origin (Origin and Sec-Fetch-Site as a browser sends them, so the CSRF check passes as in production).
import { randomBytes } from 'node:crypto';
import { type Agent, request } from 'node:http';

export interface CheckoutAnswer {
  status: number;
  body: { orderId?: string; status?: string; redirectUrl?: string; message?: string; fields?: Record<string, string> };
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
        headers: { 'content-type': 'application/json', 'content-length': payload.length, origin, 'sec-fetch-site': 'same-origin' },
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
            reject(new Error(`checkout answered ${response.statusCode} with a body that is not JSON: ${text.slice(0, 200)}`));
          }
        });
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}

/**
 * A checkout that must succeed: 201 with the order id, and for a paid item a reserved order sent to the demo
 * provider's page (a payment attempt was started), for a free item a paid order sent to its order page. Anything
 * else fails the run: a figure with errors in it is not a figure.
 */
export async function checkoutOk(origin: string, shopId: string, itemId: string, paid: boolean, agent?: Agent): Promise<void> {
  const answer = await postCheckout(origin, shopId, itemId, agent);
  const { status, body } = answer;
  const ok =
    status === 201 &&
    typeof body.orderId === 'string' &&
    (paid ? body.status === 'reserved' && (body.redirectUrl ?? '').startsWith(`${origin}/payments/demo/pay_`) : body.status === 'paid' && body.redirectUrl === `/order/${body.orderId}`);
  if (!ok) throw new Error(`checkout of ${paid ? 'a paid' : 'a free'} item answered ${status} ${JSON.stringify(body)}`);
}
