// POST /api/webhooks/stripe: Stripe's events, forwarded to payments with the body's exact bytes and the
// Stripe-Signature header; payments verifies the signature (on those bytes) and applies each event once.
// No CSRF check and no session: Stripe sends neither Origin nor cookies, and the signature is the check.
// 400 for a missing or wrong signature (Stripe shows it in the dashboard and does not retry), 413 above 1 MB,
// 503 while payments is unreachable (Stripe retries later), 200 {received} otherwise, replays included.
import { isGrpcCallError, status } from '@kassa/platform/grpc';
import { NextResponse, type NextRequest } from 'next/server';
import {
  INVALID_SIGNATURE_MESSAGE,
  readBodyBytes,
  WEBHOOK_BODY_LIMIT_BYTES,
} from '../../../../server/shops/checkout-requests';
import { errorToHttp } from '../../../../server/clients/grpc-errors';
import { logger } from '../../../../server/logger';
import { paymentClient } from '../../../../server/clients/payment-client';

const answer = (body: unknown, statusCode: number, headers: Record<string, string> = {}) =>
  NextResponse.json(body, { status: statusCode, headers: { 'Cache-Control': 'no-store', ...headers } });

export async function POST(request: NextRequest): Promise<NextResponse> {
  try {
    const payload = await readBodyBytes(request, WEBHOOK_BODY_LIMIT_BYTES);
    const signature = request.headers.get('stripe-signature') ?? '';
    if (!signature || signature.length > 4096) return answer({ message: INVALID_SIGNATURE_MESSAGE }, 400);
    const result = await paymentClient().handleProviderWebhook({ provider: 'stripe', payload, signature });
    return answer({ received: true, eventId: result.eventId, applied: result.applied }, 200);
  } catch (error) {
    if (isGrpcCallError(error) && error.code === status.UNAUTHENTICATED)
      return answer({ message: INVALID_SIGNATURE_MESSAGE }, 400);
    const mapped = errorToHttp(error);
    if (mapped.status >= 500)
      logger.error(
        { err: error, method: 'POST', path: '/api/webhooks/stripe', status: mapped.status },
        'request failed',
      );
    return answer(mapped.body, mapped.status, mapped.headers);
  }
}
