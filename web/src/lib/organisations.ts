// Organisations, members and permissions as the browser sees them, and the pure rules the screens share with
// the BFF. identity owns the permissions; the lists and bounds themselves are the shared rules of @kassa/contracts.
import { type Permission, type PresetKey, sortPermissions } from '@kassa/contracts/permissions';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@kassa/contracts/time-zones';

export {
  grantablePermissions,
  isPermission,
  isPresetKey,
  PERMISSIONS,
  type Permission,
  PRESET_KEYS,
  type PresetKey,
  PRESETS,
  presetOf,
  sortPermissions,
} from '@kassa/contracts/permissions';
export { CURRENCIES } from '@kassa/contracts/currencies';
export { LOCALES as ORGANISATION_LOCALES } from '@kassa/contracts/locales';
export { DEFAULT_TIME_ZONE, isTimeZone, timeZones } from '@kassa/contracts/time-zones';

/** The browser's own zone when it is one the services accept, else the platform's: a new organisation's default. */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
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

export {
  MEMBER_NAME_MAX_LENGTH,
  ORGANISATION_DESCRIPTION_MAX_LENGTH,
  ORGANISATION_NAME_MAX_LENGTH,
} from '@kassa/contracts/organisations';

/** An organisation seen by one of its members. */
export interface OrganisationSummary {
  id: string;
  name: string;
  description: string;
  currency: string;
  defaultLocale: string;
  /** IANA zone its new events default to, e.g. "Europe/Amsterdam". */
  timeZone: string;
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
  /** IANA zone; '' leaves it to identity (the default on creation, the current zone on update). */
  timeZone: string;
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
  return (
    [person.firstName, person.lastName]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' ') || person.email
  );
}

/** The organisation a dashboard entry should open: the remembered one while still a member, else the first. */
export function homeOrganisationId(
  organisationIds: readonly string[],
  remembered: string | undefined,
): string | undefined {
  if (remembered && organisationIds.includes(remembered)) return remembered;
  return organisationIds[0];
}
