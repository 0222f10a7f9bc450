// PATCH /api/organisations/{orgId} {name, description, currency, defaultLocale, timeZone?} → { organisation }; needs
// "organisation.settings". Without a time zone the current one stays.
import { organisationSettingsSchema } from '@kassa/web/lib/organisation-rules';
import { NextResponse } from 'next/server';
import { handler, readJson } from '../../../../server/handler';
import { requireRouteId } from '../../../../server/http-problem';
import { authorizeOrganisation, requireApiUser } from '../../../../server/organisations/organisation-access';
import { organisationClientAs } from '../../../../server/clients/organisation-client';
import { parseBody } from '../../../../server/request-body';
import { toOrganisationSummary } from '../../../../server/organisations/organisation-views';

const body = organisationSettingsSchema();

export const PATCH = handler<{ orgId: string }>(async (request, { params }) => {
  const user = await requireApiUser(request);
  const orgId = requireRouteId('org', params.orgId);
  await authorizeOrganisation(user.id, orgId, 'organisation.settings');
  const input = parseBody(body, await readJson(request));
  const { organisation } = await organisationClientAs(user.id).updateOrganisation({ organisationId: orgId, ...input });
  return NextResponse.json({ organisation: toOrganisationSummary(organisation) });
});
