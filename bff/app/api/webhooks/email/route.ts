// POST /api/webhooks/email: the mail provider's delivery events (SES event publishing format), forwarded to
// notifications with the body's exact bytes and the Kassa-Signature header; notifications verifies the HMAC (on
// those bytes) and applies each event once. Like /api/webhooks/stripe: no CSRF check and no session (the provider
// sends neither Origin nor cookies; the signature is the check), the body read within 1 MB.
// 401 for a missing or wrong signature, 413 above 1 MB, 503 while notifications is unreachable (the provider
// retries later), 200 {received, applied} otherwise, replays and unknown messages included.
import { isGrpcCallError, status } from '@kassa/platform/grpc';
import { NextResponse, type NextRequest } from 'next/server';
import {
  INVALID_SIGNATURE_MESSAGE,
  readBodyBytes,
  WEBHOOK_BODY_LIMIT_BYTES,
} from '../../../../server/shops/checkout-requests';
import { errorToHttp } from '../../../../server/clients/grpc-errors';
import { logger } from '../../../../server/logger';
import { notificationsClient } from '../../../../server/clients/notifications-client';
import { EMAIL_SIGNATURE_HEADER, EMAIL_SIGNATURE_MAX_LENGTH } from '../../../../server/tickets/ticket-requests';

const answer = (body: unknown, statusCode: number, headers: Record<string, string> = {}) =>
  NextResponse.json(body, { status: statusCode, headers: { 'Cache-Control': 'no-store', ...headers } });

export async function POST(request: NextRequest): Promise<NextResponse> {
  try {
    const rawBody = await readBodyBytes(request, WEBHOOK_BODY_LIMIT_BYTES);
    const signature = request.headers.get(EMAIL_SIGNATURE_HEADER) ?? '';
    if (!signature || signature.length > EMAIL_SIGNATURE_MAX_LENGTH)
      return answer({ message: INVALID_SIGNATURE_MESSAGE }, 401);
    const result = await notificationsClient().handleDeliveryEvent({ rawBody, signature });
    return answer({ received: true, applied: result.applied }, 200);
  } catch (error) {
    if (isGrpcCallError(error) && error.code === status.UNAUTHENTICATED)
      return answer({ message: INVALID_SIGNATURE_MESSAGE }, 401);
    const mapped = errorToHttp(error);
    if (mapped.status >= 500)
      logger.error(
        { err: error, method: 'POST', path: '/api/webhooks/email', status: mapped.status },
        'request failed',
      );
    return answer(mapped.body, mapped.status, mapped.headers);
  }
}
