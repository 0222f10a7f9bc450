import { isPermission, type Permission, sortPermissions } from '@kassa/contracts/permissions';
import { messages } from '@kassa/platform/errors';

// The permissions and their presets are shared with the dashboard (@kassa/contracts/permissions); what only
// identity does with them is here.

export function hasPermission(permissions: readonly string[], permission: string): boolean {
  return permissions.includes(permission);
}

export type PermissionsCheck = { ok: true; permissions: Permission[] } | { ok: false; message: string };

/** A non-empty list of known permissions, normalised; the message is the spec's wording for the list field. */
export function checkPermissions(raw: readonly string[] | undefined): PermissionsCheck {
  const values = (raw ?? []).map((value) => value.trim());
  if (values.length === 0) return { ok: false, message: messages.minItems(1) };
  if (!values.every(isPermission)) return { ok: false, message: messages.invalid('Permissions') };
  return { ok: true, permissions: sortPermissions(values) };
}
