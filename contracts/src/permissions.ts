// What a member may do in an organisation. identity grants and checks them; every service asks identity's
// Authorize for the one it needs; the dashboard shows them and their presets. Plain strings rather than a proto
// enum: a new permission is one line here, and the wire stays readable in logs and events.

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

export function isPresetKey(value: string): value is PresetKey {
  return (PRESET_KEYS as readonly string[]).includes(value);
}

/** The permissions, known ones only, without duplicates, in display order. */
export function sortPermissions(permissions: readonly string[]): Permission[] {
  const set = new Set(permissions);
  return PERMISSIONS.filter((permission) => set.has(permission));
}

/** The preset these permissions equal as a set (order and duplicates do not matter), or '' for a custom set. */
export function presetOf(permissions: readonly string[]): PresetKey | '' {
  const set = new Set(permissions);
  return (
    PRESET_KEYS.find(
      (key) => PRESETS[key].length === set.size && PRESETS[key].every((permission) => set.has(permission)),
    ) ?? ''
  );
}

/** Only owners may hand out or take away "owner"; everyone who manages members may grant the rest. */
export function grantablePermissions(actorPermissions: readonly string[]): Permission[] {
  return actorPermissions.includes('owner')
    ? [...PERMISSIONS]
    : PERMISSIONS.filter((permission) => permission !== 'owner');
}
