// GET /api/organisations/{orgId}/orders.csv?q=&status=&shop=&locale= → the organisation's orders (every page, with
// the Orders list's search and filters) as "orders-<organisation>.csv". "orders.view", asked of identity like every
// organiser route; ordering checks again. 401 signed out, 404 not a member, 403 without the permission.
import { type NextRequest, NextResponse } from 'next/server';
import { organisationClientAs } from '../../../../../server/clients/organisation-client';
import { attachmentDisposition, CSV_CONTENT_TYPE } from '../../../../../server/csv';
import { handler } from '../../../../../server/handler';
import { authorizeOrganisation, requireApiUser } from '../../../../../server/organisations/organisation-access';
import { ordersFileName } from '../../../../../server/orders/order-csv';
import { orderCsvLabels, ordersCsvStream } from '../../../../../server/orders/order-export';
import { orderListQuery } from '../../../../../server/orders/order-pages';
import { ticketLocale } from '../../../../../server/tickets/ticket-requests';

type Params = { orgId: string };

export const GET = handler<Params>(async (request: NextRequest, { params }) => {
  const user = await requireApiUser(request);
  await authorizeOrganisation(user.id, params.orgId, 'orders.view');
  const orgId = params.orgId;
  const search = request.nextUrl.searchParams;
  const query = orderListQuery({
    q: search.get('q') ?? '',
    status: search.get('status') ?? '',
    shop: search.get('shop') ?? '',
  });
  const { organisation } = await organisationClientAs(user.id).getOrganisation({ organisationId: orgId });
  const body = await ordersCsvStream(user.id, orgId, query, orderCsvLabels(ticketLocale(search.get('locale'))));
  return new NextResponse(body, {
    status: 200,
    headers: {
      'Content-Type': CSV_CONTENT_TYPE,
      'Content-Disposition': attachmentDisposition(ordersFileName(organisation?.organisation?.name ?? '', orgId)),
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
