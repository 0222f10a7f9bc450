import { CreateOrganisationScreen } from '../../src/features/organisations/create-organisation-screen';
import { GeneralSettingsScreen } from '../../src/features/organisations/general-settings-screen';
import { InvitationScreen, isInvitedAccount } from '../../src/features/organisations/invitation-screen';
import { MembersScreen, type MembersScreenProps } from '../../src/features/organisations/members-screen';
import { visibleSettingsTabs } from '../../src/features/organisations/settings-frame';
import { organisationSettingsSchema } from '../../src/lib/organisation-rules';
import {
  PRESETS,
  timeZones,
  type InvitationDetails,
  type InvitationRow,
  type MemberRow,
  type OrganisationSummary,
} from '../../src/lib/organisations';
import { attributesOf, labelFor, render, text } from '../support/render';

const ORG = 'org_01jc5v3q8x0000000000000000';
const never = () => new Promise<never>(() => {});
const noop = () => {};

const owner: MemberRow = {
  id: 'mem_owner',
  userId: 'usr_1',
  firstName: 'Olivia',
  lastName: 'Owner',
  email: 'olivia@example.com',
  permissions: [...PRESETS.owner],
  preset: 'owner',
  joinedAt: '2026-01-10T10:00:00.000Z',
};
const scanner: MemberRow = {
  id: 'mem_scanner',
  userId: 'usr_2',
  firstName: 'Sam',
  lastName: 'Scanner',
  email: 'sam@example.com',
  permissions: ['checkin'],
  preset: 'scanner',
  joinedAt: '2026-02-01T10:00:00.000Z',
};
const invitation: InvitationRow = {
  id: 'inv_1',
  email: 'pat@example.com',
  firstName: 'Pat',
  lastName: '',
  permissions: ['orders.view', 'orders.manage', 'checkin'],
  preset: 'box_office',
  status: 'pending',
  sentAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2026-03-08T10:00:00.000Z',
};

function membersProps(overrides: Partial<MembersScreenProps> = {}): MembersScreenProps {
  return {
    members: [owner, scanner],
    invitations: [invitation],
    query: '',
    viewer: { memberId: owner.id, permissions: [...PRESETS.owner] },
    search: noop,
    invite: never,
    revokeInvitation: never,
    updateMember: never,
    removeMember: never,
    onChanged: noop,
    onLeft: noop,
    ...overrides,
  };
}

describe('the members screen', () => {
  it('lists members with their role, marks the viewer, and shows pending invitations with their actions', () => {
    const html = render('en', <MembersScreen {...membersProps()} />);
    const visible = text(html);
    expect(visible).toContain('Olivia Owner');
    expect(visible).toContain('Sam Scanner');
    expect(html).toContain('data-testid="member-you"');
    expect(html).toContain('data-status="pending"');
    expect(visible).toContain('Box office');
    expect(html).toContain('data-testid="invite-member"');
    expect(html).toContain('data-testid="invitation-resend"');
    expect(html).toContain('data-testid="member-remove"');
    // The viewer leaves; they do not "remove" themselves.
    expect(html.match(/data-testid="member-leave"/g)).toHaveLength(1);
  });

  it('offers a member without "members" nothing but leaving', () => {
    const html = render(
      'en',
      <MembersScreen {...membersProps({ viewer: { memberId: scanner.id, permissions: ['checkin'] } })} />,
    );
    expect(html).not.toContain('data-testid="invite-member"');
    expect(html).not.toContain('data-testid="member-edit"');
    expect(html).not.toContain('data-testid="invitation-revoke"');
    expect(html).toContain('data-testid="member-leave"');
  });

  it('keeps owners out of reach of an admin', () => {
    const html = render(
      'en',
      <MembersScreen {...membersProps({ viewer: { memberId: 'mem_admin', permissions: [...PRESETS.admin] } })} />,
    );
    // One edit button: the scanner's, not the owner's.
    expect(html.match(/data-testid="member-edit"/g)).toHaveLength(1);
  });

  it('says when a search finds no one, in Dutch too', () => {
    const html = render('nl', <MembersScreen {...membersProps({ members: [], invitations: [], query: 'zzz' })} />);
    expect(text(html)).toContain('Geen leden gevonden');
    expect(text(html)).toContain('‘zzz’');
  });
});

describe('the organisation form', () => {
  const organisation: OrganisationSummary = {
    id: ORG,
    name: 'Paradiso',
    description: '',
    currency: 'EUR',
    defaultLocale: 'en',
    timeZone: 'America/New_York',
    permissions: [...PRESETS.owner],
    memberId: owner.id,
  };
  /** The <option>s of the select with the given id, and which of them is selected. */
  const optionsOf = (html: string, id: string) => {
    const select = new RegExp(`<select[^>]*id="${id}"[^>]*>(.*?)</select>`).exec(html)?.[1] ?? '';
    const options = [...select.matchAll(/<option value="([^"]*)"( selected="")?/g)];
    return { values: options.map((match) => match[1]), selected: options.find((match) => match[2])?.[1] };
  };

  it('shows the organisation’s time zone among every zone, and submits it under timeZone', () => {
    const html = render(
      'en',
      <GeneralSettingsScreen organisation={organisation} canEdit updateOrganisation={never} onSaved={noop} />,
    );
    expect(labelFor(html, 'timeZone')).toBe('Time zone');
    expect(text(html)).toContain('New events use this time zone; each event can have its own.');
    expect(attributesOf(html, 'timeZone')).toMatchObject({ name: 'timeZone' });
    expect(optionsOf(html, 'timeZone')).toEqual({ values: timeZones(), selected: 'America/New_York' });
    // What the form submits is the schema's output: the zone as shown.
    expect(organisationSettingsSchema().parse(organisation).timeZone).toBe('America/New_York');
  });

  it('starts a new organisation in the platform’s zone on the server (the browser’s comes after mount)', () => {
    const html = render(
      'nl',
      <CreateOrganisationScreen firstRun={false} defaultLocale="nl" createOrganisation={never} onCreated={noop} />,
    );
    expect(labelFor(html, 'timeZone')).toBe('Tijdzone');
    expect(optionsOf(html, 'timeZone').selected).toBe('Europe/Amsterdam');
  });
});

describe('the invitation screen', () => {
  const details: InvitationDetails = {
    organisationId: ORG,
    organisationName: 'Paradiso',
    invitedBy: 'Olivia Owner',
    email: 'sam@example.com',
    permissions: ['checkin'],
    preset: 'scanner',
    expiresAt: '2026-03-08T10:00:00.000Z',
  };
  const screen = (signedInAs: string) =>
    render(
      'en',
      <InvitationScreen
        invitation={details}
        signedInAs={signedInAs}
        accept={never}
        onAccepted={noop}
        switchAccount={never}
      />,
    );

  it('shows who invites to what, and Accept for the invited account (any letter case)', () => {
    expect(isInvitedAccount(details, 'Sam@Example.com')).toBe(true);
    const html = screen('sam@example.com');
    expect(text(html)).toContain('Olivia Owner invited you to join Paradiso on Kassa.');
    expect(text(html)).toContain('Check-in');
    expect(html).toContain('data-testid="invitation-accept"');
  });

  it('names the invited address to another account and offers to switch', () => {
    const html = screen('someone@example.com');
    expect(html).not.toContain('data-testid="invitation-accept"');
    expect(text(html)).toContain(
      'The invitation was sent to sam@example.com, but you are signed in as someone@example.com.',
    );
    expect(html).toContain('data-testid="invitation-switch-account"');
  });
});

it('shows only the settings tabs a member can open', () => {
  expect(visibleSettingsTabs(ORG, ['checkin']).map(({ key }) => key)).toEqual(['overview']);
  expect(visibleSettingsTabs(ORG, [...PRESETS.owner]).map(({ key }) => key)).toEqual([
    'overview',
    'members',
    'payments',
  ]);
});
