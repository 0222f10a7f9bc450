import en from '../../messages/en/organisations.json';
import nl from '../../messages/nl/organisations.json';
import { organisationNav, permittedNav } from '../../src/features/dashboard/destinations';
import { commandDestinations } from '../../src/features/dashboard/command-destinations';
import { SPEC_RULE_WORDS } from '../../src/components/ui/field-rules';
import { inviteSchema, memberChangesSchema, organisationSettingsSchema } from '../../src/lib/organisation-rules';
import {
  grantablePermissions,
  homeOrganisationId,
  PERMISSIONS,
  permissionMessageKey,
  personName,
  PRESET_KEYS,
  presetMessageKey,
  presetOf,
  PRESETS,
  sortPermissions,
  togglePermission,
} from '../../src/lib/organisations';

const ORG = 'org_01jc5v3q8x0000000000000000';

/** The first message per field, as the BFF answers them. */
function fieldsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) fields[String(issue.path[0])] ??= issue.message;
  return fields;
}

describe('permission presets', () => {
  it('match identity: owner holds all, admin all but owner, box office orders and check-in, scanner check-in', () => {
    expect(PRESETS.owner).toEqual(PERMISSIONS);
    expect(PRESETS.admin).toEqual(PERMISSIONS.filter((permission) => permission !== 'owner'));
    expect(PRESETS.box_office).toEqual(['orders.view', 'orders.manage', 'checkin']);
    expect(PRESETS.scanner).toEqual(['checkin']);
  });

  it('names the preset a set of permissions equals, whatever the order, and "" for a custom set', () => {
    expect(presetOf(['checkin'])).toBe('scanner');
    expect(presetOf(['checkin', 'orders.manage', 'orders.view', 'checkin'])).toBe('box_office');
    expect(presetOf([...PERMISSIONS].reverse())).toBe('owner');
    expect(presetOf(['events', 'checkin'])).toBe('');
    expect(presetOf([])).toBe('');
  });

  it('ticks and unticks permissions, keeping the display order and dropping unknown ones', () => {
    expect(togglePermission(['checkin'], 'events', true)).toEqual(['events', 'checkin']);
    expect(togglePermission(['events', 'checkin'], 'events', false)).toEqual(['checkin']);
    expect(sortPermissions(['checkin', 'nonsense', 'owner', 'owner'])).toEqual(['owner', 'checkin']);
  });

  it('lets only owners hand out "owner"', () => {
    expect(grantablePermissions(PRESETS.owner)).toContain('owner');
    expect(grantablePermissions(PRESETS.admin)).toEqual(PRESETS.admin);
  });

  it('has a label and a hint for every permission and a label for every preset, in both languages', () => {
    for (const messages of [en, nl]) {
      for (const permission of PERMISSIONS) {
        const key = permissionMessageKey(permission) as keyof typeof en.Organisations.permissions;
        expect(messages.Organisations.permissions[key]).toEqual(expect.any(String));
        expect(messages.Organisations.permissionHints[key]).toEqual(expect.any(String));
      }
      for (const preset of PRESET_KEYS) {
        expect(
          messages.Organisations.presets[presetMessageKey(preset) as keyof typeof en.Organisations.presets],
        ).toEqual(expect.any(String));
      }
    }
    expect(permissionMessageKey('orders.view')).toBe('ordersView');
    expect(presetMessageKey('box_office')).toBe('boxOffice');
  });
});

describe('the dashboard for a member', () => {
  it('hides sidebar and command menu entries the permissions do not open', () => {
    const scanner = permittedNav(organisationNav(ORG), PRESETS.scanner).map(({ key }) => key);
    expect(scanner).toEqual(['dashboard', 'events', 'scan', 'settings']);
    expect(permittedNav(organisationNav(ORG), PRESETS.owner)).toHaveLength(7);
    const organisationGroup = commandDestinations({ orgId: ORG, permissions: PRESETS.box_office }).find(
      ({ group }) => group === 'organisation',
    );
    expect(organisationGroup?.items.map(({ key }) => key)).toEqual([
      'dashboard',
      'events',
      'orders',
      'scan',
      'settings',
    ]);
  });

  it('opens the remembered organisation only while still a member, else the first', () => {
    expect(homeOrganisationId(['org_a', 'org_b'], 'org_b')).toBe('org_b');
    expect(homeOrganisationId(['org_a', 'org_b'], 'org_gone')).toBe('org_a');
    expect(homeOrganisationId(['org_a'], undefined)).toBe('org_a');
    expect(homeOrganisationId([], 'org_a')).toBeUndefined();
  });

  it('names a person, or shows the address when no name is known', () => {
    expect(personName({ firstName: ' Ada ', lastName: 'Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
    expect(personName({ firstName: '', lastName: '', email: 'ada@example.com' })).toBe('ada@example.com');
  });
});

describe('organisation settings schema', () => {
  const schema = organisationSettingsSchema();

  it('accepts and trims a complete organisation', () => {
    expect(
      schema.parse({ name: ' Paradiso ', description: ' Concerts ', currency: 'EUR', defaultLocale: 'nl' }),
    ).toEqual({
      name: 'Paradiso',
      description: 'Concerts',
      currency: 'EUR',
      defaultLocale: 'nl',
      timeZone: '',
    });
    expect(schema.parse({ name: 'P', currency: 'USD', defaultLocale: 'en' }).description).toBe('');
  });

  it('passes a listed time zone on as spelled and refuses any other', () => {
    const settings = { name: 'P', currency: 'EUR', defaultLocale: 'en' };
    expect(schema.parse({ ...settings, timeZone: 'Asia/Tokyo' }).timeZone).toBe('Asia/Tokyo');
    for (const timeZone of ['Mars/Base', 'europe/amsterdam', `Europe/${'x'.repeat(58)}`])
      expect(fieldsOf(schema.safeParse({ ...settings, timeZone }))).toEqual({ timeZone: 'Time zone is invalid' });
  });

  it("answers in the spec's words per field", () => {
    expect(fieldsOf(schema.safeParse({}))).toEqual({
      name: 'Name is required',
      currency: 'Currency is required',
      defaultLocale: 'Language is required',
    });
    expect(
      fieldsOf(schema.safeParse({ name: '   ', description: 'x'.repeat(1001), currency: 'XXX', defaultLocale: 'de' })),
    ).toEqual({
      name: 'Name must not be empty',
      description: 'Description is too long',
      currency: 'Currency is invalid',
      defaultLocale: 'Language is invalid',
    });
    expect(fieldsOf(schema.safeParse({ name: 'x'.repeat(101), currency: 'EUR', defaultLocale: 'en' }))).toEqual({
      name: 'Name is too long',
    });
    expect(fieldsOf(schema.safeParse({ name: 42, currency: 'EUR', defaultLocale: 'en' }))).toEqual({
      name: 'Name is invalid',
    });
  });

  it('speaks the viewer’s language when given its words and labels', () => {
    const dutch = organisationSettingsSchema(
      { name: 'Naam', description: 'Omschrijving', currency: 'Valuta', defaultLocale: 'Taal', timeZone: 'Tijdzone' },
      { ...SPEC_RULE_WORDS, required: (label) => `${label} is verplicht` },
    );
    expect(fieldsOf(dutch.safeParse({ currency: 'EUR', defaultLocale: 'en' }))).toEqual({ name: 'Naam is verplicht' });
  });
});

describe('member schemas', () => {
  it('needs an e-mail address and at least one known permission to invite', () => {
    expect(fieldsOf(inviteSchema().safeParse({}))).toStrictEqual({
      email: 'Email is required',
      permissions: 'Permissions is required',
    });
    expect(fieldsOf(inviteSchema().safeParse({ email: 'nope', permissions: [] }))).toEqual({
      email: 'Email is invalid',
      permissions: 'Permissions must not be empty',
    });
    expect(fieldsOf(inviteSchema().safeParse({ email: 'a@example.com', permissions: ['root'] }))).toEqual({
      permissions: 'Permissions is invalid',
    });
    expect(inviteSchema().parse({ email: ' a@example.com ', firstName: ' Ada ', permissions: ['checkin'] })).toEqual({
      email: 'a@example.com',
      firstName: 'Ada',
      lastName: '',
      permissions: ['checkin'],
    });
  });

  it('checks the names and permissions of a member change', () => {
    expect(fieldsOf(memberChangesSchema().safeParse({ firstName: 'x'.repeat(101), permissions: ['checkin'] }))).toEqual(
      { firstName: 'First name is too long' },
    );
    expect(memberChangesSchema().parse({ permissions: ['events'] })).toEqual({
      firstName: '',
      lastName: '',
      permissions: ['events'],
    });
  });
});
