// Where "Dashboard" leads: the organisation used last (see last-organisation.ts) while the user is still a member
// of it, else the user's first organisation, else the page that creates one.
import { homeOrganisationId } from '@kassa/web/lib/organisations';
import { cookies } from 'next/headers';
import { LAST_ORGANISATION_COOKIE } from './last-organisation';
import { organisationClientAs } from '../clients/organisation-client';

/** The id of the user's home organisation, or undefined for someone without one. */
export async function homeOrganisation(userId: string): Promise<string | undefined> {
  const remembered = (await cookies()).get(LAST_ORGANISATION_COOKIE)?.value;
  const { organisations } = await organisationClientAs(userId).listMyOrganisations({});
  const ids = organisations.flatMap((mine) => (mine.organisation ? [mine.organisation.id] : []));
  return homeOrganisationId(ids, remembered);
}

/** The locale-free path of the user's dashboard: '/o/org_…', or '/o/new' for someone without an organisation. */
export async function dashboardHomePath(userId: string): Promise<string> {
  const id = await homeOrganisation(userId);
  return id ? `/o/${id}` : '/o/new';
}
