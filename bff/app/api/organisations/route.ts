// POST /api/organisations {name, description, currency, defaultLocale, timeZone?} → 201 { organisation }: the caller
// becomes its owner; without a time zone it gets Europe/Amsterdam.
import { organisationSettingsSchema } from '@kassa/web/lib/organisation-rules';
import { NextResponse } from 'next/server';
import { handler, readJson } from '../../../server/handler';
import { requireApiUser } from '../../../server/organisations/organisation-access';
import { organisationClientAs } from '../../../server/clients/organisation-client';
import { parseBody } from '../../../server/request-body';
import { toOrganisationSummary } from '../../../server/organisations/organisation-views';

const body = organisationSettingsSchema();

export const POST = handler(async (request) => {
  const user = await requireApiUser(request);
  const input = parseBody(body, await readJson(request));
  const { organisation } = await organisationClientAs(user.id).createOrganisation(input);
  return NextResponse.json({ organisation: toOrganisationSummary(organisation) }, { status: 201 });
});
