// What the organiser's order route handlers do first, in the order every organiser route does it: who is asking
// (401), well-formed ids (400 'ID is invalid'), may they manage the organisation's orders (404/403, before the body
// is even read), then the body (400 with the spec's message per field). ordering checks all of it again, and that
// the order belongs to the organisation.
import type { SessionUser } from '@kassa/web/lib/api-result';
import { refundBodySchema } from '@kassa/web/lib/order-rules';
import type { NextRequest } from 'next/server';
import { requireRouteId } from '../http-problem';
import { authorizeOrganisation, requireApiUser } from '../organisations/organisation-access';

export { readBody } from '../request-body';

/** The dynamic segments of the order routes (a type alias, so that handler() sees its index signature). */
export type OrderParams = { orgId: string; orderId: string };

export interface OrderWrite {
  user: SessionUser;
  orgId: string;
  orderId: string;
}

/** Signed in, well-formed ids, allowed to cancel and refund the organisation's orders ("orders.manage"). */
export async function authorizeOrderWrite(request: NextRequest, params: Partial<OrderParams>): Promise<OrderWrite> {
  const user = await requireApiUser(request);
  const orgId = requireRouteId('org', params.orgId);
  const orderId = requireRouteId('ord', params.orderId);
  await authorizeOrganisation(user.id, orgId, 'orders.manage');
  return { user, orgId, orderId };
}

// Built once: the schema speaks the spec's English.
export const refundBody = refundBodySchema();
