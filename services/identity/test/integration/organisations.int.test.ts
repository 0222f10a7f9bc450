import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { status } from '@kassa/platform/grpc';
import { newId } from '@kassa/platform/ids';
import { MemberChanged, MemberInvited, OrganisationChanged } from '@kassa/proto/identity/events/v1/organisations';
import { PRESETS } from '@kassa/contracts/permissions';
import { type IdentityHarness, startIdentityHarness } from '../fixtures/identity-harness';

jest.setTimeout(60_000);

let identity: IdentityHarness;
beforeAll(async () => {
  identity = await startIdentityHarness('organisations');
});
afterAll(async () => {
  await identity?.stop();
});
afterEach(() => {
  identity.ctx.now = () => new Date();
});

const orgs = () => identity.organisations;
const as = (userId: string) => ({ actorUserId: userId });
const address = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.test`;

interface Person {
  userId: string;
  email: string;
}

async function person(label: string, displayName = ''): Promise<Person> {
  const email = address(label);
  return { userId: await identity.signUp(email, displayName), email };
}

async function organisationOf(owner: Person, name = 'Test Events') {
  const created = await orgs().createOrganisation(
    { name, description: '', currency: '', defaultLocale: '', timeZone: '' },
    as(owner.userId),
  );
  return created.organisation!.organisation!.id;
}

async function join(
  organisationId: string,
  inviter: Person,
  permissions: readonly string[],
  label = 'member',
): Promise<Person & { memberId: string }> {
  const invitee = await person(label);
  const { invitation } = await orgs().inviteMember(
    { organisationId, email: invitee.email, firstName: '', lastName: '', permissions: [...permissions], locale: '' },
    as(inviter.userId),
  );
  const token = await identity.invitationTokenFor(invitation!.id);
  const accepted = await orgs().acceptInvitation({ token }, as(invitee.userId));
  return { ...invitee, memberId: accepted.organisation!.memberId };
}

async function invite(
  organisationId: string,
  inviter: Person,
  email: string,
  permissions: readonly string[] = PRESETS.scanner,
) {
  const { invitation } = await orgs().inviteMember(
    { organisationId, email, firstName: 'Ivy', lastName: 'Invitee', permissions: [...permissions], locale: '' },
    as(inviter.userId),
  );
  return { invitation: invitation!, token: await identity.invitationTokenFor(invitation!.id) };
}

/** Everything identity stores about one organisation, to prove a refused call changed nothing. */
async function snapshot(organisationId: string): Promise<unknown> {
  const [row] = await identity.sql<{ state: unknown }>(
    `select json_build_object(
       'organisation', (select row_to_json(o) from organisations o where o.id = ?),
       'members', (select json_agg(m order by m.id) from members m where m.organisation_id = ?),
       'invitations', (select json_agg(i order by i.id) from invitations i where i.organisation_id = ?)) as state`,
    [organisationId, organisationId, organisationId],
  );
  return row!.state;
}

async function outboxEvents<T>(subject: string, decode: (payload: Buffer) => T): Promise<T[]> {
  const rows = await identity.sql<{ payload: Buffer }>('select payload from outbox where subject = ? order by id', [
    subject,
  ]);
  return rows.map((row) => decode(row.payload));
}

async function ownersOf(organisationId: string): Promise<number> {
  const [row] = await identity.sql<{ owners: number }>(
    "select count(*)::int as owners from members where organisation_id = ? and 'owner' = any(permissions)",
    [organisationId],
  );
  return row!.owners;
}

describe('CreateOrganisation, GetOrganisation, ListMyOrganisations', () => {
  it('creates an organisation owned by the actor, with defaults, and publishes it', async () => {
    const owner = await person('creator', 'Olga van Owner');
    const created = await orgs().createOrganisation(
      { name: '  Zeta Club ', description: 'Jazz nights', currency: '', defaultLocale: '', timeZone: '' },
      as(owner.userId),
    );
    const mine = created.organisation!;
    expect(mine.organisation).toMatchObject({
      name: 'Zeta Club',
      description: 'Jazz nights',
      currency: 'EUR',
      defaultLocale: 'en',
      timeZone: 'Europe/Amsterdam',
      version: 1,
    });
    expect(mine.organisation!.id).toMatch(/^org_[0-9a-z]{26}$/);
    expect(mine.permissions).toEqual(PRESETS.owner);
    expect(mine.memberId).toMatch(/^mem_/);

    await orgs().createOrganisation(
      { name: 'alpha Society', description: '', currency: 'gbp', defaultLocale: 'nl', timeZone: 'America/New_York' },
      as(owner.userId),
    );
    const listed = await orgs().listMyOrganisations({}, as(owner.userId));
    expect(
      listed.organisations.map((entry) => [
        entry.organisation!.name,
        entry.organisation!.currency,
        entry.organisation!.defaultLocale,
        entry.organisation!.timeZone,
      ]),
    ).toEqual([
      ['alpha Society', 'GBP', 'nl', 'America/New_York'],
      ['Zeta Club', 'EUR', 'en', 'Europe/Amsterdam'],
    ]);
    await expect(orgs().getOrganisation({ organisationId: mine.organisation!.id }, as(owner.userId))).resolves.toEqual({
      organisation: mine,
    });

    const { members } = await orgs().listMembers(
      { organisationId: mine.organisation!.id, query: '', page: undefined },
      as(owner.userId),
    );
    expect(members).toEqual([
      expect.objectContaining({
        userId: owner.userId,
        firstName: 'Olga',
        lastName: 'van Owner',
        email: owner.email,
        preset: 'owner',
      }),
    ]);

    const organisationEvents = await outboxEvents('kassa.identity.organisation.created', (p) =>
      OrganisationChanged.decode(p),
    );
    expect(organisationEvents).toContainEqual(
      expect.objectContaining({
        organisation: {
          id: mine.organisation!.id,
          name: 'Zeta Club',
          description: 'Jazz nights',
          currency: 'EUR',
          defaultLocale: 'en',
          version: 1,
          timeZone: 'Europe/Amsterdam',
        },
        actorUserId: owner.userId,
      }),
    );
    const joined = await outboxEvents('kassa.identity.member.joined', (p) => MemberChanged.decode(p));
    expect(joined).toContainEqual(
      expect.objectContaining({
        memberId: mine.memberId,
        organisationId: mine.organisation!.id,
        userId: owner.userId,
        permissions: PRESETS.owner,
      }),
    );
  });

  it('validates with the spec messages and needs an actor', async () => {
    const owner = await person('invalid');
    await expect(
      orgs().createOrganisation(
        { name: ' ', description: 'x'.repeat(1001), currency: 'ABC', defaultLocale: 'de', timeZone: 'Mars/Base' },
        as(owner.userId),
      ),
    ).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      violations: [
        { field: 'name', message: 'Name is required' },
        { field: 'description', message: 'Description is too long' },
        { field: 'currency', message: 'Currency is invalid' },
        { field: 'default_locale', message: 'Language is invalid' },
        { field: 'time_zone', message: 'Time zone is invalid' },
      ],
    });
    // Zones are spelled exactly as listed, and an overlong one is invalid rather than too long.
    for (const timeZone of ['europe/amsterdam', 'Europe/' + 'x'.repeat(58)])
      await expect(
        orgs().createOrganisation(
          { name: 'Zoned', description: '', currency: '', defaultLocale: '', timeZone },
          as(owner.userId),
        ),
      ).rejects.toMatchObject({
        code: status.INVALID_ARGUMENT,
        violations: [{ field: 'time_zone', message: 'Time zone is invalid' }],
      });
    await expect(
      orgs().createOrganisation(
        { name: 'x'.repeat(101), description: '', currency: '', defaultLocale: '', timeZone: '' },
        as(owner.userId),
      ),
    ).rejects.toMatchObject({
      violations: [{ field: 'name', message: 'Name is too long' }],
    });
    await expect(
      orgs().createOrganisation({ name: 'Nobody', description: '', currency: '', defaultLocale: '', timeZone: '' }),
    ).rejects.toMatchObject({ code: status.UNAUTHENTICATED });
    await expect(orgs().listMyOrganisations({})).rejects.toMatchObject({ code: status.UNAUTHENTICATED });
    await expect(
      orgs().createOrganisation(
        { name: 'Ghost', description: '', currency: '', defaultLocale: '', timeZone: '' },
        as(newId('usr')),
      ),
    ).rejects.toMatchObject({
      code: status.UNAUTHENTICATED,
    });
    expect((await orgs().listMyOrganisations({}, as(owner.userId))).organisations).toEqual([]);
  });

  it('answers NOT_FOUND to non-members and INVALID_ARGUMENT to malformed ids', async () => {
    const owner = await person('private');
    const stranger = await person('stranger');
    const organisationId = await organisationOf(owner);
    await expect(orgs().getOrganisation({ organisationId }, as(stranger.userId))).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
    await expect(orgs().getOrganisation({ organisationId: newId('org') }, as(owner.userId))).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
    await expect(orgs().getOrganisation({ organisationId: 'evt_nope' }, as(owner.userId))).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      violations: [{ field: 'organisation_id', message: 'ID is invalid' }],
    });
  });
});

describe('UpdateOrganisation', () => {
  it('replaces the settings, bumps the version once per change and publishes it', async () => {
    const owner = await person('updater');
    const organisationId = await organisationOf(owner, 'Before');
    const request = {
      organisationId,
      name: 'After',
      description: 'New text',
      currency: 'SEK',
      defaultLocale: 'nl',
      timeZone: 'Asia/Tokyo',
    };
    const updated = await orgs().updateOrganisation(request, as(owner.userId));
    expect(updated.organisation!.organisation).toMatchObject({
      name: 'After',
      description: 'New text',
      currency: 'SEK',
      defaultLocale: 'nl',
      timeZone: 'Asia/Tokyo',
      version: 2,
    });
    // The same settings again (a retry) change nothing, nor does leaving the time zone out.
    const again = await orgs().updateOrganisation(request, as(owner.userId));
    expect(again.organisation!.organisation!.version).toBe(2);
    const zoneLeftOut = await orgs().updateOrganisation({ ...request, timeZone: '' }, as(owner.userId));
    expect(zoneLeftOut.organisation!.organisation).toMatchObject({ timeZone: 'Asia/Tokyo', version: 2 });
    await expect(orgs().getOrganisation({ organisationId }, as(owner.userId))).resolves.toMatchObject({
      organisation: { organisation: { timeZone: 'Asia/Tokyo', version: 2 } },
    });
    const events = (
      await outboxEvents('kassa.identity.organisation.updated', (p) => OrganisationChanged.decode(p))
    ).filter((e) => e.organisation!.id === organisationId);
    expect(events).toEqual([
      expect.objectContaining({
        organisation: expect.objectContaining({ name: 'After', timeZone: 'Asia/Tokyo', version: 2 }),
        actorUserId: owner.userId,
      }),
    ]);
  });

  it('needs "organisation.settings" and valid settings', async () => {
    const owner = await person('settings-owner');
    const organisationId = await organisationOf(owner);
    const boxOffice = await join(organisationId, owner, PRESETS.box_office, 'box');
    const before = await snapshot(organisationId);
    await expect(
      orgs().updateOrganisation(
        { organisationId, name: 'Hijack', description: '', currency: 'EUR', defaultLocale: 'en', timeZone: '' },
        as(boxOffice.userId),
      ),
    ).rejects.toMatchObject({
      code: status.PERMISSION_DENIED,
    });
    await expect(
      orgs().updateOrganisation(
        { organisationId, name: '', description: '', currency: '', defaultLocale: '', timeZone: '' },
        as(owner.userId),
      ),
    ).rejects.toMatchObject({
      violations: [
        { field: 'name', message: 'Name is required' },
        { field: 'currency', message: 'Currency is required' },
        { field: 'default_locale', message: 'Language is required' },
      ],
    });
    for (const timeZone of ['Mars/Base', 'europe/amsterdam', 'Europe/' + 'x'.repeat(58)])
      await expect(
        orgs().updateOrganisation(
          { organisationId, name: 'Zoned', description: '', currency: 'EUR', defaultLocale: 'en', timeZone },
          as(owner.userId),
        ),
      ).rejects.toMatchObject({
        code: status.INVALID_ARGUMENT,
        violations: [{ field: 'time_zone', message: 'Time zone is invalid' }],
      });
    expect(await snapshot(organisationId)).toEqual(before);
  });
});

describe('ListMembers', () => {
  it('lists members by last name with search, paging and the pending invitations', async () => {
    const owner = await person('lister', 'Zoe Zimmerman');
    const organisationId = await organisationOf(owner);
    const anna = await join(organisationId, owner, PRESETS.scanner, 'anna');
    await orgs().updateMember(
      { organisationId, memberId: anna.memberId, firstName: 'Anna', lastName: 'Adams', permissions: ['checkin'] },
      as(owner.userId),
    );
    const bert = await join(organisationId, owner, PRESETS.box_office, 'bert');
    await orgs().updateMember(
      {
        organisationId,
        memberId: bert.memberId,
        firstName: 'Bert',
        lastName: 'Brown',
        permissions: [...PRESETS.box_office],
      },
      as(owner.userId),
    );
    const pendingEmail = address('pending');
    await invite(organisationId, owner, pendingEmail);

    const all = await orgs().listMembers({ organisationId, query: '', page: undefined }, as(anna.userId));
    expect(all.members.map((m) => m.lastName)).toEqual(['Adams', 'Brown', 'Zimmerman']);
    expect(all.members.map((m) => m.preset)).toEqual(['scanner', 'box_office', 'owner']);
    expect(all.invitations).toEqual([
      expect.objectContaining({ email: pendingEmail, status: 'pending', preset: 'scanner', firstName: 'Ivy' }),
    ]);
    expect(all.page).toEqual({ nextPageToken: '', totalSize: 3 });

    const byName = await orgs().listMembers({ organisationId, query: 'bert b', page: undefined }, as(owner.userId));
    expect(byName.members.map((m) => m.id)).toEqual([bert.memberId]);
    expect(byName.invitations).toEqual([]);
    const byEmail = await orgs().listMembers(
      { organisationId, query: anna.email.toUpperCase(), page: undefined },
      as(owner.userId),
    );
    expect(byEmail.members.map((m) => m.id)).toEqual([anna.memberId]);
    const byInvitation = await orgs().listMembers(
      { organisationId, query: 'pending-', page: undefined },
      as(owner.userId),
    );
    expect(byInvitation).toMatchObject({
      members: [],
      invitations: [expect.objectContaining({ email: pendingEmail })],
    });
    const wildcard = await orgs().listMembers({ organisationId, query: '%', page: undefined }, as(owner.userId));
    expect(wildcard.members).toEqual([]);

    const first = await orgs().listMembers(
      { organisationId, query: '', page: { pageSize: 2, pageToken: '' } },
      as(owner.userId),
    );
    expect(first.members.map((m) => m.lastName)).toEqual(['Adams', 'Brown']);
    const second = await orgs().listMembers(
      { organisationId, query: '', page: { pageSize: 2, pageToken: first.page!.nextPageToken } },
      as(owner.userId),
    );
    expect(second.members.map((m) => m.lastName)).toEqual(['Zimmerman']);
    expect(second.page!.nextPageToken).toBe('');
    await expect(
      orgs().listMembers({ organisationId, query: '', page: { pageSize: 2, pageToken: 'garbage' } }, as(owner.userId)),
    ).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
    });
  });
});

describe('InviteMember', () => {
  it('invites with a sealed token, and a re-invite updates the same invitation with a fresh link', async () => {
    const owner = await person('inviter', 'Ines Inviter');
    const organisationId = await organisationOf(owner, 'Invite Club');
    const email = address('Invitee').toUpperCase();
    const first = await invite(organisationId, owner, email);
    expect(first.invitation).toMatchObject({
      email: email.toLowerCase(),
      status: 'pending',
      permissions: ['checkin'],
      preset: 'scanner',
    });
    expect(first.invitation.expiresAt!.getTime() - first.invitation.sentAt!.getTime()).toBe(7 * 24 * 3600 * 1000);

    const [event] = (await outboxEvents('kassa.identity.member.invited', (p) => MemberInvited.decode(p))).filter(
      (e) => e.invitationId === first.invitation.id,
    );
    expect(event).toMatchObject({
      organisationId,
      organisationName: 'Invite Club',
      email: email.toLowerCase(),
      firstName: 'Ivy',
      invitedBy: 'Ines Inviter',
      locale: 'en',
    });
    const [raw] = await identity.sql<{ text: string }>(
      "select string_agg(encode(payload, 'escape'), '|') as text from outbox",
    );
    expect(raw!.text).not.toContain(first.token);
    const [stored] = await identity.sql<{ token_hash: string }>('select token_hash from invitations where id = ?', [
      first.invitation.id,
    ]);
    expect(stored!.token_hash).not.toContain(first.token);

    identity.ctx.now = () => new Date(Date.now() + 3 * 24 * 3600 * 1000);
    const again = await invite(organisationId, owner, email, PRESETS.box_office);
    expect(again.invitation.id).toBe(first.invitation.id);
    expect(again.invitation).toMatchObject({ preset: 'box_office' });
    expect(again.invitation.expiresAt!.getTime()).toBeGreaterThan(first.invitation.expiresAt!.getTime());
    expect(again.token).not.toBe(first.token);
    await expect(orgs().getInvitation({ token: first.token }, as(owner.userId))).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
    await expect(orgs().getInvitation({ token: again.token }, as(owner.userId))).resolves.toMatchObject({
      invitation: { id: first.invitation.id },
    });
    const { invitations } = await orgs().listMembers({ organisationId, query: '', page: undefined }, as(owner.userId));
    expect(invitations).toHaveLength(1);
  });

  it('validates the address, names, permissions and language', async () => {
    const owner = await person('validator');
    const organisationId = await organisationOf(owner);
    await expect(
      orgs().inviteMember(
        {
          organisationId,
          email: 'not-an-address',
          firstName: 'x'.repeat(101),
          lastName: '',
          permissions: [],
          locale: 'fr',
        },
        as(owner.userId),
      ),
    ).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      violations: [
        { field: 'email', message: 'Email is invalid' },
        { field: 'first_name', message: 'First name is too long' },
        { field: 'permissions', message: 'At least 1 items are required' },
        { field: 'locale', message: 'Language is invalid' },
      ],
    });
    await expect(
      orgs().inviteMember(
        {
          organisationId,
          email: address('x'),
          firstName: '',
          lastName: '',
          permissions: ['checkin', 'root'],
          locale: '',
        },
        as(owner.userId),
      ),
    ).rejects.toMatchObject({ violations: [{ field: 'permissions', message: 'Permissions is invalid' }] });
  });

  it('refuses members of the organisation, members without "members", and non-owners granting "owner"', async () => {
    const owner = await person('guard');
    const organisationId = await organisationOf(owner);
    const admin = await join(organisationId, owner, PRESETS.admin, 'admin');
    const scanner = await join(organisationId, owner, PRESETS.scanner, 'scanner');
    const before = await snapshot(organisationId);
    await expect(invite(organisationId, owner, scanner.email)).rejects.toMatchObject({ code: status.ALREADY_EXISTS });
    await expect(invite(organisationId, scanner, address('new'))).rejects.toMatchObject({
      code: status.PERMISSION_DENIED,
    });
    await expect(invite(organisationId, admin, address('boss'), PRESETS.owner)).rejects.toMatchObject({
      code: status.PERMISSION_DENIED,
    });
    expect(await snapshot(organisationId)).toEqual(before);
    await expect(invite(organisationId, admin, address('helper'), PRESETS.box_office)).resolves.toBeDefined();
  });
});

describe('GetInvitation and AcceptInvitation', () => {
  it('shows the invitation, joins the invitee once, and answers the same membership twice', async () => {
    const owner = await person('host', 'Hanna Host');
    const organisationId = await organisationOf(owner, 'Accept Club');
    const invitee = await person('guest', 'Gus Guest');
    const { invitation, token } = await invite(organisationId, owner, invitee.email, PRESETS.box_office);

    await expect(orgs().getInvitation({ token }, as(invitee.userId))).resolves.toMatchObject({
      invitation: { id: invitation.id, preset: 'box_office' },
      organisationId,
      organisationName: 'Accept Club',
      invitedBy: 'Hanna Host',
    });
    const accepted = await orgs().acceptInvitation({ token }, as(invitee.userId));
    expect(accepted.organisation).toMatchObject({
      organisation: { id: organisationId },
      permissions: PRESETS.box_office,
    });
    await expect(orgs().acceptInvitation({ token }, as(invitee.userId))).resolves.toEqual(accepted);
    await expect(orgs().getInvitation({ token }, as(invitee.userId))).rejects.toMatchObject({ code: status.NOT_FOUND });

    const { members, invitations } = await orgs().listMembers(
      { organisationId, query: '', page: undefined },
      as(invitee.userId),
    );
    // The names the inviter typed win over the account's display name.
    expect(members).toContainEqual(
      expect.objectContaining({
        id: accepted.organisation!.memberId,
        firstName: 'Ivy',
        lastName: 'Invitee',
        email: invitee.email,
      }),
    );
    expect(invitations).toEqual([]);
    const joined = await outboxEvents('kassa.identity.member.joined', (p) => MemberChanged.decode(p));
    expect(joined.filter((e) => e.memberId === accepted.organisation!.memberId)).toHaveLength(1);
  });

  it('needs the invited address: another signed-in user is refused and cannot use the link', async () => {
    const owner = await person('strict');
    const organisationId = await organisationOf(owner);
    const invitee = await person('right');
    const other = await person('wrong');
    const { token } = await invite(organisationId, owner, invitee.email);
    const before = await snapshot(organisationId);
    await expect(orgs().acceptInvitation({ token }, as(other.userId))).rejects.toMatchObject({
      code: status.PERMISSION_DENIED,
    });
    expect(await snapshot(organisationId)).toEqual(before);
    await orgs().acceptInvitation({ token }, as(invitee.userId));
    // Once used, the link is gone for everyone else.
    await expect(orgs().acceptInvitation({ token }, as(other.userId))).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
    await expect(orgs().acceptInvitation({ token }, as(owner.userId))).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
  });

  it('refuses an expired, revoked, unknown or malformed link', async () => {
    const owner = await person('expiry');
    const organisationId = await organisationOf(owner);
    const invitee = await person('late');
    const { invitation, token } = await invite(organisationId, owner, invitee.email);

    identity.ctx.now = () => new Date(invitation.expiresAt!.getTime() - 1000);
    await expect(orgs().getInvitation({ token }, as(invitee.userId))).resolves.toBeDefined();
    identity.ctx.now = () => new Date(invitation.expiresAt!.getTime() + 1000);
    await expect(orgs().getInvitation({ token }, as(invitee.userId))).rejects.toMatchObject({
      code: status.NOT_FOUND,
      details: 'Invitation not found',
    });
    await expect(orgs().acceptInvitation({ token }, as(invitee.userId))).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
    identity.ctx.now = () => new Date();

    const revoked = await invite(organisationId, owner, address('revoked'));
    await orgs().revokeInvitation({ organisationId, invitationId: revoked.invitation.id }, as(owner.userId));
    await expect(orgs().getInvitation({ token: revoked.token }, as(owner.userId))).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });

    await expect(
      orgs().getInvitation({ token: randomBytes(32).toString('base64url') }, as(owner.userId)),
    ).rejects.toMatchObject({ code: status.NOT_FOUND });
    await expect(orgs().acceptInvitation({ token: 'short' }, as(owner.userId))).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
    await expect(orgs().acceptInvitation({ token })).rejects.toMatchObject({ code: status.UNAUTHENTICATED });
    expect((await orgs().listMyOrganisations({}, as(invitee.userId))).organisations).toEqual([]);
  });
});

describe('RevokeInvitation', () => {
  it('withdraws a pending invitation, idempotently, and needs "members"', async () => {
    const owner = await person('revoker');
    const organisationId = await organisationOf(owner);
    const scanner = await join(organisationId, owner, PRESETS.scanner, 'noperm');
    const { invitation } = await invite(organisationId, owner, address('withdrawn'));
    await expect(
      orgs().revokeInvitation({ organisationId, invitationId: invitation.id }, as(scanner.userId)),
    ).rejects.toMatchObject({
      code: status.PERMISSION_DENIED,
    });
    await expect(
      orgs().revokeInvitation({ organisationId, invitationId: invitation.id }, as(owner.userId)),
    ).resolves.toEqual({});
    await expect(
      orgs().revokeInvitation({ organisationId, invitationId: invitation.id }, as(owner.userId)),
    ).resolves.toEqual({});
    expect(
      (await orgs().listMembers({ organisationId, query: '', page: undefined }, as(owner.userId))).invitations,
    ).toEqual([]);
    await expect(
      orgs().revokeInvitation({ organisationId, invitationId: 'inv_x' }, as(owner.userId)),
    ).rejects.toMatchObject({
      violations: [{ field: 'invitation_id', message: 'ID is invalid' }],
    });
  });
});

describe('UpdateMember', () => {
  it('changes names and permissions, publishes once, and keeps the last owner', async () => {
    const owner = await person('boss');
    const organisationId = await organisationOf(owner);
    const member = await join(organisationId, owner, PRESETS.scanner, 'promoted');
    const request = {
      organisationId,
      memberId: member.memberId,
      firstName: ' Pia ',
      lastName: 'Promoted',
      permissions: ['events', 'checkin', 'events'],
    };
    const updated = await orgs().updateMember(request, as(owner.userId));
    expect(updated.member).toMatchObject({
      firstName: 'Pia',
      lastName: 'Promoted',
      permissions: ['events', 'checkin'],
      preset: '',
      email: member.email,
    });
    await orgs().updateMember(request, as(owner.userId));
    const events = (await outboxEvents('kassa.identity.member.updated', (p) => MemberChanged.decode(p))).filter(
      (e) => e.memberId === member.memberId,
    );
    expect(events).toEqual([
      expect.objectContaining({ permissions: ['events', 'checkin'], actorUserId: owner.userId }),
    ]);

    const { organisation } = await orgs().getOrganisation({ organisationId }, as(owner.userId));
    await expect(
      orgs().updateMember(
        {
          organisationId,
          memberId: organisation!.memberId,
          firstName: '',
          lastName: '',
          permissions: [...PRESETS.admin],
        },
        as(owner.userId),
      ),
    ).rejects.toMatchObject({ code: status.FAILED_PRECONDITION, details: 'An organisation needs at least one owner' });
    expect(await ownersOf(organisationId)).toBe(1);

    // With a second owner the first may step down.
    await orgs().updateMember({ ...request, permissions: [...PRESETS.owner] }, as(owner.userId));
    await orgs().updateMember(
      {
        organisationId,
        memberId: organisation!.memberId,
        firstName: '',
        lastName: '',
        permissions: [...PRESETS.admin],
      },
      as(owner.userId),
    );
    expect(await ownersOf(organisationId)).toBe(1);
  });

  it('needs "members", and "owner" to grant "owner" or touch an owner; validates', async () => {
    const owner = await person('chief');
    const organisationId = await organisationOf(owner);
    const admin = await join(organisationId, owner, PRESETS.admin, 'admin');
    const scanner = await join(organisationId, owner, PRESETS.scanner, 'scan');
    const { organisation } = await orgs().getOrganisation({ organisationId }, as(owner.userId));
    const before = await snapshot(organisationId);
    const change = (actor: Person, memberId: string, permissions: readonly string[]) =>
      orgs().updateMember(
        { organisationId, memberId, firstName: '', lastName: '', permissions: [...permissions] },
        as(actor.userId),
      );
    await expect(change(scanner, scanner.memberId, PRESETS.admin)).rejects.toMatchObject({
      code: status.PERMISSION_DENIED,
    });
    await expect(change(admin, admin.memberId, PRESETS.owner)).rejects.toMatchObject({
      code: status.PERMISSION_DENIED,
    });
    await expect(change(admin, scanner.memberId, PRESETS.owner)).rejects.toMatchObject({
      code: status.PERMISSION_DENIED,
    });
    await expect(change(admin, organisation!.memberId, PRESETS.owner)).rejects.toMatchObject({
      code: status.PERMISSION_DENIED,
    });
    await expect(change(owner, scanner.memberId, [])).rejects.toMatchObject({
      violations: [{ field: 'permissions', message: 'At least 1 items are required' }],
    });
    await expect(change(owner, 'mem_1', ['checkin'])).rejects.toMatchObject({
      violations: [{ field: 'member_id', message: 'ID is invalid' }],
    });
    await expect(change(owner, newId('mem'), ['checkin'])).rejects.toMatchObject({
      code: status.NOT_FOUND,
      details: 'Member not found',
    });
    expect(await snapshot(organisationId)).toEqual(before);
    await expect(change(admin, scanner.memberId, PRESETS.box_office)).resolves.toMatchObject({
      member: { preset: 'box_office' },
    });
  });
});

describe('RemoveMember', () => {
  it('removes a member (idempotently), lets anyone leave, never the last owner, and publishes it', async () => {
    const owner = await person('remover');
    const organisationId = await organisationOf(owner);
    const admin = await join(organisationId, owner, PRESETS.admin, 'admin');
    const scanner = await join(organisationId, owner, PRESETS.scanner, 'leaver');
    const boxOffice = await join(organisationId, owner, PRESETS.box_office, 'removed');
    const { organisation } = await orgs().getOrganisation({ organisationId }, as(owner.userId));

    await expect(
      orgs().removeMember({ organisationId, memberId: boxOffice.memberId }, as(scanner.userId)),
    ).rejects.toMatchObject({ code: status.PERMISSION_DENIED });
    await expect(
      orgs().removeMember({ organisationId, memberId: organisation!.memberId }, as(admin.userId)),
    ).rejects.toMatchObject({ code: status.PERMISSION_DENIED });
    await expect(
      orgs().removeMember({ organisationId, memberId: organisation!.memberId }, as(owner.userId)),
    ).rejects.toMatchObject({
      code: status.FAILED_PRECONDITION,
    });

    await expect(
      orgs().removeMember({ organisationId, memberId: boxOffice.memberId }, as(admin.userId)),
    ).resolves.toEqual({});
    await expect(
      orgs().removeMember({ organisationId, memberId: boxOffice.memberId }, as(admin.userId)),
    ).resolves.toEqual({});
    await expect(orgs().getOrganisation({ organisationId }, as(boxOffice.userId))).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });

    await expect(
      orgs().removeMember({ organisationId, memberId: scanner.memberId }, as(scanner.userId)),
    ).resolves.toEqual({});
    // The one who left may repeat the call; a stranger learns nothing.
    await expect(
      orgs().removeMember({ organisationId, memberId: scanner.memberId }, as(scanner.userId)),
    ).resolves.toEqual({});
    await expect(
      orgs().removeMember({ organisationId, memberId: scanner.memberId }, as(boxOffice.userId)),
    ).rejects.toMatchObject({ code: status.NOT_FOUND });
    await expect(orgs().authorize({ userId: scanner.userId, organisationId, permission: '' })).resolves.toMatchObject({
      member: false,
    });

    const removed = (await outboxEvents('kassa.identity.member.removed', (p) => MemberChanged.decode(p))).filter(
      (e) => e.organisationId === organisationId,
    );
    expect(removed).toEqual([
      expect.objectContaining({
        memberId: boxOffice.memberId,
        userId: boxOffice.userId,
        permissions: [],
        actorUserId: admin.userId,
      }),
      expect.objectContaining({
        memberId: scanner.memberId,
        userId: scanner.userId,
        permissions: [],
        actorUserId: scanner.userId,
      }),
    ]);
  });
});

describe('Authorize and ListPermissionPresets', () => {
  it('answers membership and permission, and refuses a malformed question', async () => {
    const owner = await person('authz');
    const organisationId = await organisationOf(owner);
    const scanner = await join(organisationId, owner, PRESETS.scanner, 'gate');
    const stranger = await person('outsider');
    await expect(orgs().authorize({ userId: owner.userId, organisationId, permission: 'payments' })).resolves.toEqual({
      allowed: true,
      member: true,
      permissions: PRESETS.owner,
    });
    await expect(orgs().authorize({ userId: scanner.userId, organisationId, permission: 'events' })).resolves.toEqual({
      allowed: false,
      member: true,
      permissions: ['checkin'],
    });
    await expect(orgs().authorize({ userId: scanner.userId, organisationId, permission: '' })).resolves.toMatchObject({
      allowed: true,
      member: true,
    });
    await expect(orgs().authorize({ userId: stranger.userId, organisationId, permission: '' })).resolves.toEqual({
      allowed: false,
      member: false,
      permissions: [],
    });
    await expect(
      orgs().authorize({ userId: 'nobody', organisationId: 'org_bad', permission: 'root' }),
    ).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      violations: [
        { field: 'user_id', message: 'ID is invalid' },
        { field: 'organisation_id', message: 'ID is invalid' },
        { field: 'permission', message: 'Permission is invalid' },
      ],
    });
  });

  it('lists the presets and permissions', async () => {
    const user = await person('presets');
    const { presets, permissions } = await orgs().listPermissionPresets({}, as(user.userId));
    expect(presets.map((preset) => preset.key)).toEqual(['owner', 'admin', 'box_office', 'scanner']);
    expect(presets[2]!.permissions).toEqual(['orders.view', 'orders.manage', 'checkin']);
    expect(permissions).toHaveLength(9);
    await expect(orgs().listPermissionPresets({})).rejects.toMatchObject({ code: status.UNAUTHENTICATED });
  });
});

describe('tenant isolation', () => {
  it("answers NOT_FOUND to a member of A using B's ids in every call, and changes nothing in B", async () => {
    const ownerA = await person('tenant-a');
    const ownerB = await person('tenant-b');
    const orgA = await organisationOf(ownerA, 'A');
    const orgB = await organisationOf(ownerB, 'B');
    const memberB = await join(orgB, ownerB, PRESETS.scanner, 'b-member');
    const { invitation: invitationB } = await invite(orgB, ownerB, address('b-invitee'));
    const { organisation: ownerBMembership } = await orgs().getOrganisation(
      { organisationId: orgB },
      as(ownerB.userId),
    );
    // A's owner holds every permission in A: only the organisation boundary can stop these calls.
    const attacker = ownerA;
    const before = await snapshot(orgB);
    const update = { firstName: 'X', lastName: 'Y', permissions: [...PRESETS.owner] };

    const attempts: [string, () => Promise<unknown>][] = [
      ['GetOrganisation', () => orgs().getOrganisation({ organisationId: orgB }, as(attacker.userId))],
      [
        'UpdateOrganisation',
        () =>
          orgs().updateOrganisation(
            {
              organisationId: orgB,
              name: 'Taken',
              description: '',
              currency: 'EUR',
              defaultLocale: 'en',
              timeZone: '',
            },
            as(attacker.userId),
          ),
      ],
      [
        'ListMembers',
        () => orgs().listMembers({ organisationId: orgB, query: '', page: undefined }, as(attacker.userId)),
      ],
      [
        'InviteMember',
        () =>
          orgs().inviteMember(
            {
              organisationId: orgB,
              email: address('x'),
              firstName: '',
              lastName: '',
              permissions: ['owner'],
              locale: '',
            },
            as(attacker.userId),
          ),
      ],
      [
        'RevokeInvitation (B org)',
        () => orgs().revokeInvitation({ organisationId: orgB, invitationId: invitationB.id }, as(attacker.userId)),
      ],
      [
        'RevokeInvitation (A org, B invitation)',
        () => orgs().revokeInvitation({ organisationId: orgA, invitationId: invitationB.id }, as(attacker.userId)),
      ],
      [
        'UpdateMember (B org)',
        () => orgs().updateMember({ organisationId: orgB, memberId: memberB.memberId, ...update }, as(attacker.userId)),
      ],
      [
        'UpdateMember (A org, B member)',
        () => orgs().updateMember({ organisationId: orgA, memberId: memberB.memberId, ...update }, as(attacker.userId)),
      ],
      [
        'RemoveMember (B org)',
        () => orgs().removeMember({ organisationId: orgB, memberId: ownerBMembership!.memberId }, as(attacker.userId)),
      ],
      [
        'RemoveMember (A org, B member)',
        () => orgs().removeMember({ organisationId: orgA, memberId: memberB.memberId }, as(attacker.userId)),
      ],
    ];
    for (const [name, attempt] of attempts) {
      await expect(attempt().then(() => `${name} succeeded`)).rejects.toMatchObject({ code: status.NOT_FOUND });
    }
    await expect(
      orgs().authorize({ userId: attacker.userId, organisationId: orgB, permission: 'events' }),
    ).resolves.toMatchObject({ allowed: false, member: false });
    expect(
      (await orgs().listMyOrganisations({}, as(attacker.userId))).organisations.map((o) => o.organisation!.id),
    ).toEqual([orgA]);
    expect(await snapshot(orgB)).toEqual(before);
  });
});

describe('the last owner under concurrency', () => {
  /** Runs SQL in one transaction on a connection of its own. */
  async function connection(): Promise<Client> {
    const client = new Client({ connectionString: identity.database.url });
    await client.connect();
    return client;
  }

  async function twoOwners(label: string) {
    const first = await person(`${label}-1`);
    const organisationId = await organisationOf(first);
    const second = await join(organisationId, first, PRESETS.owner, `${label}-2`);
    const { organisation } = await orgs().getOrganisation({ organisationId }, as(first.userId));
    return { organisationId, first: { ...first, memberId: organisation!.memberId }, second };
  }

  it('control: a check-then-delete without the row locks lets two removals leave no owner', async () => {
    // What RemoveMember would do without SELECT … FOR UPDATE, with the interleaving forced: both read two owners,
    // then each removes a different owner. Under READ COMMITTED nothing stops it.
    const { organisationId, first, second } = await twoOwners('control');
    const [a, b] = [await connection(), await connection()];
    try {
      const countOwners =
        "select count(*)::int as owners from members where organisation_id = $1 and 'owner' = any(permissions)";
      await a.query('begin');
      await b.query('begin');
      expect((await a.query(countOwners, [organisationId])).rows[0].owners).toBe(2);
      expect((await b.query(countOwners, [organisationId])).rows[0].owners).toBe(2);
      await a.query('delete from members where id = $1', [first.memberId]);
      await b.query('delete from members where id = $1', [second.memberId]);
      await a.query('commit');
      await b.query('commit');
    } finally {
      await a.end();
      await b.end();
    }
    expect(await ownersOf(organisationId)).toBe(0);
  });

  it('two owners leaving at the same moment: one leaves, the other is refused', async () => {
    const { organisationId, first, second } = await twoOwners('race');
    // Hold the member rows the way a third removal would, so that both calls are certainly inside their
    // transactions and waiting on the same lock before either can count the owners.
    const holder = await connection();
    let results: PromiseSettledResult<unknown>[];
    try {
      await holder.query('begin');
      await holder.query('select id from members where organisation_id = $1 order by id for update', [organisationId]);
      const calls = [first, second].map((owner) =>
        orgs().removeMember({ organisationId, memberId: owner.memberId }, as(owner.userId)),
      );
      await waitForLockWaiters(holder, 2);
      await holder.query('commit');
      results = await Promise.allSettled(calls);
    } finally {
      await holder.end();
    }
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(
      results
        .filter((result) => result.status === 'rejected')
        .map((result) => (result as PromiseRejectedResult).reason),
    ).toEqual([expect.objectContaining({ code: status.FAILED_PRECONDITION })]);
    expect(await ownersOf(organisationId)).toBe(1);
  });

  it('many owners leaving and being demoted at once always keep exactly one', async () => {
    const founder = await person('crowd-0');
    const organisationId = await organisationOf(founder);
    const { organisation } = await orgs().getOrganisation({ organisationId }, as(founder.userId));
    const owners = [{ ...founder, memberId: organisation!.memberId }];
    for (let i = 1; i < 6; i += 1) owners.push(await join(organisationId, founder, PRESETS.owner, `crowd-${i}`));
    const results = await Promise.allSettled(
      owners.map((owner, i) =>
        i % 2 === 0
          ? orgs().removeMember({ organisationId, memberId: owner.memberId }, as(owner.userId))
          : orgs().updateMember(
              {
                organisationId,
                memberId: owner.memberId,
                firstName: '',
                lastName: '',
                permissions: [...PRESETS.admin],
              },
              as(owner.userId),
            ),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    expect(await ownersOf(organisationId)).toBe(1);
  });

  async function waitForLockWaiters(client: Client, count: number): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query(
        "select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
      );
      if (rows[0].waiting >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`fewer than ${count} transactions waited for the member rows`);
  }
});
