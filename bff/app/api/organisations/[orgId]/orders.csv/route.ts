// GET /api/organisations/{orgId}/orders.csv?q=&status=&shop=&locale= → the organisation's orders (every page, with
// the Orders list's search and filters) as "orders-<organisation>.csv". "orders.view", asked of identity like every
// organiser route; ordering checks again. 401 signed out, 404 not a member, 403 without the permission.
import type { NextRequest } from 'next/server';
import { csvResponse } from '../../../../../server/csv';
import { handler } from '../../../../../server/handler';
import { authorizeOrganisationExport } from '../../../../../server/organisations/organisation-export';
import { ordersFileName } from '../../../../../server/orders/order-csv';
import { orderCsvLabels, ordersCsvStream } from '../../../../../server/orders/order-export';
import { orderListQuery } from '../../../../../server/orders/order-pages';

type Params = { orgId: string };

export const GET = handler<Params>(async (request: NextRequest, { params }) => {
  const { userId, organisationName, search, locale } = await authorizeOrganisationExport(
    request,
    params.orgId,
    'orders.view',
  );
  const query = orderListQuery({
    q: search.get('q') ?? '',
    status: search.get('status') ?? '',
    shop: search.get('shop') ?? '',
  });
  const body = await ordersCsvStream(userId, params.orgId, query, orderCsvLabels(locale));
  return csvResponse(body, ordersFileName(organisationName, params.orgId));
});
