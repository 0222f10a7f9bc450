// What every organisation-wide export route does first: who asks, may they (identity, like every organiser route;
// the owning service checks again), and the organisation's name (for the file) and zone (for days in a filter).
import { DEFAULT_TIME_ZONE } from '@kassa/contracts/time-zones';
import type { Locale } from '@kassa/contracts/locales';
import type { Permission } from '@kassa/contracts/permissions';
import type { NextRequest } from 'next/server';
import { organisationClientAs } from '../clients/organisation-client';
import { ticketLocale } from '../tickets/ticket-requests';
import { authorizeOrganisation, requireApiUser } from './organisation-access';

export interface OrganisationExport {
  userId: string;
  organisationName: string;
  timeZone: string;
  search: URLSearchParams;
  /** The headings' language (?locale=, English otherwise). */
  locale: Locale;
}

/** 401 signed out, 404 not a member, 403 without `permission`; then the export's context. */
export async function authorizeOrganisationExport(
  request: NextRequest,
  orgId: string,
  permission: Permission,
): Promise<OrganisationExport> {
  const user = await requireApiUser(request);
  await authorizeOrganisation(user.id, orgId, permission);
  const { organisation } = await organisationClientAs(user.id).getOrganisation({ organisationId: orgId });
  const search = request.nextUrl.searchParams;
  return {
    userId: user.id,
    organisationName: organisation?.organisation?.name ?? '',
    timeZone: organisation?.organisation?.timeZone || DEFAULT_TIME_ZONE,
    search,
    locale: ticketLocale(search.get('locale')),
  };
}
