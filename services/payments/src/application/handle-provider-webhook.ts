import { Violations, messages } from '@kassa/platform/errors';
import type { HandleProviderWebhookRequest, HandleProviderWebhookResponse } from '@kassa/proto/payments/v1/payments';
import { applyProviderEvent } from './apply-provider-event';
import type { PaymentsContext } from './payments-context';

const WEBHOOK_PROVIDERS = ['stripe'];

/**
 * A provider's webhook as the BFF received it: verified on the raw bytes (UNAUTHENTICATED when forged, and then
 * nothing is recorded), then applied once per provider event id. A replay answers applied = false.
 */
export async function handleProviderWebhook(
  ctx: PaymentsContext,
  request: HandleProviderWebhookRequest,
): Promise<HandleProviderWebhookResponse> {
  const violations = new Violations();
  if (!WEBHOOK_PROVIDERS.includes(request.provider)) violations.add('provider', messages.invalid('Provider'));
  if (request.payload.length === 0) violations.add('payload', messages.required('Payload'));
  violations.throwIfAny();
  const event = ctx.providers.get(request.provider).parseWebhook(Buffer.from(request.payload), request.signature);
  const result = await applyProviderEvent(ctx, event);
  ctx.logger.info(
    {
      provider: event.provider,
      eventId: event.eventId,
      type: event.type,
      applied: result.applied,
      paymentId: result.attempt?.id,
    },
    'provider webhook',
  );
  return { eventId: event.eventId, applied: result.applied };
}
