import { messages } from '@kassa/platform/errors';

// Permissions are plain strings rather than a proto enum: every service asks Authorize with the string it
// needs, a new permission is one line here, and the wire stays readable in logs and events.

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

/** Named sets of permissions, most powerful first. A member holds permissions, never a preset: presets are a shortcut. */
export const PRESETS: Readonly<Record<PresetKey, readonly Permission[]>> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS.filter((permission) => permission !== 'owner'),
  box_office: ['orders.view', 'orders.manage', 'checkin'],
  scanner: ['checkin'],
};

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** The permissions without duplicates, in display order. */
export function normalisePermissions(permissions: readonly Permission[]): Permission[] {
  const set = new Set(permissions);
  return PERMISSIONS.filter((permission) => set.has(permission));
}

/** The preset these permissions equal as a set (order and duplicates do not matter), or '' for a custom set. */
export function presetOf(permissions: readonly string[]): PresetKey | '' {
  const set = new Set(permissions);
  for (const key of PRESET_KEYS) {
    const preset = PRESETS[key];
    if (preset.length === set.size && preset.every((permission) => set.has(permission))) return key;
  }
  return '';
}

export function hasPermission(permissions: readonly string[], permission: string): boolean {
  return permissions.includes(permission);
}

export type PermissionsCheck = { ok: true; permissions: Permission[] } | { ok: false; message: string };

/** A non-empty list of known permissions, normalised; the message is the spec's wording for the list field. */
export function checkPermissions(raw: readonly string[] | undefined): PermissionsCheck {
  const values = (raw ?? []).map((value) => value.trim());
  if (values.length === 0) return { ok: false, message: messages.minItems(1) };
  if (!values.every(isPermission)) return { ok: false, message: messages.invalid('Permissions') };
  return { ok: true, permissions: normalisePermissions(values as Permission[]) };
}
