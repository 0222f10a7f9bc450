// Organisations, members and permissions as the browser sees them, and the pure rules the screens share with
// the BFF. identity owns the permissions; these lists mirror its contract (proto/kassa/identity/v1/organisations.proto).

/** Every permission, in display order. */
export const PERMISSIONS = [
  'owner',
  'organisation.settings',
  'members',
  'events',
  'shops',
  'orders.view',
  'orders.manage',
  'payments',
  'checkin',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PRESET_KEYS = ['owner', 'admin', 'box_office', 'scanner'] as const;
export type PresetKey = (typeof PRESET_KEYS)[number];

/** Named sets of permissions, most powerful first; a member holds permissions, a preset is a shortcut. */
export const PRESETS: Readonly<Record<PresetKey, readonly Permission[]>> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS.filter((permission) => permission !== 'owner'),
  box_office: ['orders.view', 'orders.manage', 'checkin'],
  scanner: ['checkin'],
};

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

export function isPresetKey(value: string): value is PresetKey {
  return (PRESET_KEYS as readonly string[]).includes(value);
}

/** The preset a set of permissions equals (order and duplicates do not matter), or '' for a custom set. */
export function presetOf(permissions: readonly string[]): PresetKey | '' {
  const set = new Set(permissions);
  return PRESET_KEYS.find((key) => PRESETS[key].length === set.size && PRESETS[key].every((permission) => set.has(permission))) ?? '';
}

/** The permissions, known ones only, without duplicates, in display order. */
export function sortPermissions(permissions: readonly string[]): Permission[] {
  const set = new Set(permissions);
  return PERMISSIONS.filter((permission) => set.has(permission));
}

/** Ticks or unticks one permission. */
export function togglePermission(permissions: readonly string[], permission: Permission, on: boolean): Permission[] {
  const rest = permissions.filter((held) => held !== permission);
  return sortPermissions(on ? [...rest, permission] : rest);
}

/** Message key of a permission's label ('orders.view' → 'ordersView'); JSON keys cannot hold dots for next-intl. */
export function permissionMessageKey(permission: Permission): string {
  return permission.replace(/\.([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/** Message key of a preset's label ('box_office' → 'boxOffice'). */
export function presetMessageKey(preset: PresetKey): string {
  return preset.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/** Owners are the only members who may hand out or take away "owner" (identity checks this too). */
export function grantablePermissions(actorPermissions: readonly string[]): Permission[] {
  return actorPermissions.includes('owner') ? [...PERMISSIONS] : PERMISSIONS.filter((permission) => permission !== 'owner');
}

/** ISO 4217 codes identity accepts for an organisation, common ones first. */
export const CURRENCIES = [
  'EUR', 'USD', 'GBP', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'RON', 'BGN', 'ISK',
  'CAD', 'AUD', 'NZD', 'JPY', 'SGD', 'HKD', 'ZAR', 'BRL', 'MXN', 'INR', 'TRY',
] as const;

/** The languages an organisation's public pages can fall back to. */
export const ORGANISATION_LOCALES = ['en', 'nl'] as const;

export const ORGANISATION_NAME_MAX_LENGTH = 100;
export const ORGANISATION_DESCRIPTION_MAX_LENGTH = 1000;
export const MEMBER_NAME_MAX_LENGTH = 100;

/** An organisation seen by one of its members. */
export interface OrganisationSummary {
  id: string;
  name: string;
  description: string;
  currency: string;
  defaultLocale: string;
  /** The viewer's permissions there. */
  permissions: string[];
  /** The viewer's membership id. */
  memberId: string;
}

export interface MemberRow {
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  permissions: string[];
  /** 'owner', 'admin', 'box_office', 'scanner', or '' for a custom set. */
  preset: string;
  /** ISO timestamp. */
  joinedAt: string;
}

export interface InvitationRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  permissions: string[];
  preset: string;
  /** Always 'pending' while listed. */
  status: string;
  sentAt: string;
  expiresAt: string;
}

/** What an invitation link offers, shown to the invitee before accepting. */
export interface InvitationDetails {
  organisationId: string;
  organisationName: string;
  invitedBy: string;
  email: string;
  permissions: string[];
  preset: string;
  expiresAt: string;
}

/** The general settings of an organisation, as the forms send them. */
export interface OrganisationSettingsInput {
  name: string;
  description: string;
  currency: string;
  defaultLocale: string;
}

export interface InviteInput {
  email: string;
  firstName: string;
  lastName: string;
  permissions: string[];
}

export interface MemberChanges {
  firstName: string;
  lastName: string;
  permissions: string[];
}

/** "Ada Lovelace", or the e-mail address when no name is known. */
export function personName(person: { firstName: string; lastName: string; email: string }): string {
  return [person.firstName, person.lastName].map((part) => part.trim()).filter(Boolean).join(' ') || person.email;
}

/** The organisation a dashboard entry should open: the remembered one while still a member, else the first. */
export function homeOrganisationId(organisationIds: readonly string[], remembered: string | undefined): string | undefined {
  if (remembered && organisationIds.includes(remembered)) return remembered;
  return organisationIds[0];
}
