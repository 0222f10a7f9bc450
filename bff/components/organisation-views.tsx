'use client';
// The organisation screens wired to the BFF's organisation endpoints and the app's router.
import { CreateOrganisationScreen } from '@kassa/web/features/organisations/create-organisation-screen';
import { ForbiddenScreen } from '@kassa/web/features/organisations/forbidden-screen';
import { GeneralSettingsScreen } from '@kassa/web/features/organisations/general-settings-screen';
import { InvitationScreen } from '@kassa/web/features/organisations/invitation-screen';
import { MembersScreen } from '@kassa/web/features/organisations/members-screen';
import type {
  InvitationDetails,
  InvitationRow,
  InviteInput,
  MemberChanges,
  MemberRow,
  OrganisationSettingsInput,
  OrganisationSummary,
} from '@kassa/web/lib/organisations';
import { useLocale } from 'next-intl';
import { useParams } from 'next/navigation';
import { getPathname, Link, useRouter } from '../i18n/navigation';
import { callApi } from '../lib/api-client';

const organisationUrl = (orgId: string) => `/api/organisations/${encodeURIComponent(orgId)}`;

export function CreateOrganisationView({
  firstRun,
  defaultLocale,
  cancelHref,
}: {
  firstRun: boolean;
  defaultLocale: string;
  cancelHref?: string;
}) {
  const router = useRouter();
  return (
    <CreateOrganisationScreen
      firstRun={firstRun}
      defaultLocale={defaultLocale}
      cancelHref={cancelHref}
      Link={Link}
      createOrganisation={(input: OrganisationSettingsInput) =>
        callApi<{ organisation: OrganisationSummary }>('POST', '/api/organisations', input)
      }
      onCreated={(organisation) => router.push(`/o/${organisation.id}`)}
    />
  );
}

export function GeneralSettingsView({
  organisation,
  canEdit,
}: {
  organisation: OrganisationSummary;
  canEdit: boolean;
}) {
  const router = useRouter();
  return (
    <GeneralSettingsScreen
      organisation={organisation}
      canEdit={canEdit}
      updateOrganisation={(input) =>
        callApi<{ organisation: OrganisationSummary }>('PATCH', organisationUrl(organisation.id), input)
      }
      // The switcher in the frame shows the name: let the server components render again.
      onSaved={() => router.refresh()}
    />
  );
}

export interface MembersViewProps {
  orgId: string;
  members: MemberRow[];
  invitations: InvitationRow[];
  query: string;
  viewer: { memberId: string; permissions: string[] };
}

export function MembersView({ orgId, members, invitations, query, viewer }: MembersViewProps) {
  const router = useRouter();
  const locale = useLocale();
  const base = `/o/${orgId}/settings/members`;
  return (
    <MembersScreen
      members={members}
      invitations={invitations}
      query={query}
      viewer={viewer}
      search={(q) => router.replace(q ? `${base}?q=${encodeURIComponent(q)}` : base)}
      invite={(input: InviteInput) => callApi('POST', `${organisationUrl(orgId)}/members`, input)}
      revokeInvitation={(invitationId) =>
        callApi('DELETE', `${organisationUrl(orgId)}/invitations/${encodeURIComponent(invitationId)}`)
      }
      updateMember={(memberId, changes: MemberChanges) =>
        callApi('PATCH', `${organisationUrl(orgId)}/members/${encodeURIComponent(memberId)}`, changes)
      }
      removeMember={(memberId) =>
        callApi('DELETE', `${organisationUrl(orgId)}/members/${encodeURIComponent(memberId)}`)
      }
      onChanged={() => router.refresh()}
      // Nothing here is the viewer's any more: a full page load to their next dashboard.
      onLeft={() => window.location.assign(getPathname({ href: '/o', locale }))}
    />
  );
}

export function InvitationView({
  token,
  invitation,
  signedInAs,
}: {
  token: string;
  invitation: InvitationDetails;
  signedInAs: string;
}) {
  const locale = useLocale();
  const here = getPathname({ href: `/account/invitations/${token}`, locale });
  return (
    <InvitationScreen
      invitation={invitation}
      signedInAs={signedInAs}
      accept={() => callApi<{ organisationId: string }>('POST', `/api/invitations/${encodeURIComponent(token)}/accept`)}
      onAccepted={(orgId) => window.location.assign(getPathname({ href: `/o/${orgId}`, locale }))}
      switchAccount={async () => {
        await callApi('DELETE', '/api/_auth/session');
        window.location.assign(getPathname({ href: { pathname: '/sign-in', query: { next: here } }, locale }));
      }}
    />
  );
}

/** For forbidden.tsx, which gets no props: the organisation comes from the URL. */
export function ForbiddenView() {
  const params = useParams<{ orgId?: string }>();
  return <ForbiddenScreen backHref={params.orgId ? `/o/${params.orgId}` : '/o'} Link={Link} />;
}
