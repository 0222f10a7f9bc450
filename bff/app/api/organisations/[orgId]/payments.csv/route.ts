// GET /api/organisations/{orgId}/payments.csv?status=&locale= → the organisation's payment attempts (every page, with
// the Payments list's status filter) as "payments-<organisation>.csv". "payments", asked of identity like every
// organiser route (the Payments page asks the same); payments checks again. 401 signed out, 404 not a member, 403
// without the permission.
import type { NextRequest } from 'next/server';
import { csvResponse } from '../../../../../server/csv';
import { handler } from '../../../../../server/handler';
import { authorizeOrganisationExport } from '../../../../../server/organisations/organisation-export';
import { paymentCsvLabels, paymentsCsvStream } from '../../../../../server/orders/order-export';
import { paymentListQuery } from '../../../../../server/orders/order-pages';
import { paymentsFileName } from '../../../../../server/orders/payment-csv';

type Params = { orgId: string };

export const GET = handler<Params>(async (request: NextRequest, { params }) => {
  const { userId, organisationName, search, locale } = await authorizeOrganisationExport(
    request,
    params.orgId,
    'payments',
  );
  const { status } = paymentListQuery({ status: search.get('status') ?? '' });
  const body = await paymentsCsvStream(userId, params.orgId, status, paymentCsvLabels(locale));
  return csvResponse(body, paymentsFileName(organisationName, params.orgId));
});
