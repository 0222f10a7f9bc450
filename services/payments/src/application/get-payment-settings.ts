import { Violations } from '@kassa/platform/errors';
import type { CallContext } from '@kassa/platform/grpc';
import type { GetPaymentSettingsRequest, GetPaymentSettingsResponse } from '@kassa/proto/payments/v1/payments';
import { DEFAULT_CURRENCY } from '@kassa/contracts/currencies';
import { paymentSettings } from '../domain/payment-settings';
import { PAYMENTS, type PaymentsContext } from './payments-context';

/** The organisation settings' Payments tab. Permission "payments". */
export async function getPaymentSettings(
  ctx: PaymentsContext,
  caller: Pick<CallContext, 'actor'>,
  request: GetPaymentSettingsRequest,
): Promise<GetPaymentSettingsResponse> {
  const violations = new Violations();
  violations.id('organisationId', request.organisationId, 'org');
  violations.throwIfAny();
  const { userId } = await ctx.authorizer.authorize(caller, request.organisationId, PAYMENTS);
  // The organisation's currency is identity's; payments keeps no copy of it.
  const currency = (await ctx.organisations.currencyOf(userId, request.organisationId)) || DEFAULT_CURRENCY;
  return paymentSettings(ctx.providers.active, currency);
}
