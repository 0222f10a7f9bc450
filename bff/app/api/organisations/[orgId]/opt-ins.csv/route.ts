// GET /api/organisations/{orgId}/opt-ins.csv?event=&from=&until=&locale= → the guests who opted in to the
// organisation's mailings with a paid order, one row per address, as "opt-ins-<organisation>.csv"; narrowed to one
// event and to orders paid from the start of `from` to the end of `until` (YYYY-MM-DD, in the organisation's time
// zone). "orders.view", asked of identity like every organiser route; ordering checks again. 400 for a malformed
// event or day, 401 signed out, 404 not a member, 403 without the permission.
import type { NextRequest } from 'next/server';
import { csvResponse } from '../../../../../server/csv';
import { handler } from '../../../../../server/handler';
import { authorizeOrganisationExport } from '../../../../../server/organisations/organisation-export';
import { optInCsvLabels, optInsCsvStream } from '../../../../../server/orders/order-export';
import { optInQuery, optInsFileName } from '../../../../../server/orders/opt-in-csv';

type Params = { orgId: string };

export const GET = handler<Params>(async (request: NextRequest, { params }) => {
  const { userId, organisationName, timeZone, search, locale } = await authorizeOrganisationExport(
    request,
    params.orgId,
    'orders.view',
  );
  const body = await optInsCsvStream(userId, params.orgId, optInQuery(search, timeZone), optInCsvLabels(locale));
  return csvResponse(body, optInsFileName(organisationName, params.orgId));
});
