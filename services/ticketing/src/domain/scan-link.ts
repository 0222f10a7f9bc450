// Scan links and scanner devices: the rules that need no database.
import {
  isDeviceId,
  SCAN_LINK_MAX_LIFETIME_DAYS,
  SCAN_LINK_NAME_MAX_LENGTH,
  SCAN_LINK_SECRET_PATTERN,
  SCAN_NONCE_MAX_LENGTH,
  SCAN_NONCE_PATTERN,
} from '@kassa/contracts/scan-links';
import { messages, type Violations } from '@kassa/platform/errors';

/** The name an organiser gives a link ('Name is required', 'Name is too long'); the trimmed name. */
export function checkScanLinkName(violations: Violations, name: unknown): string {
  return violations.string('name', name, { label: 'Name', required: true, maxLength: SCAN_LINK_NAME_MAX_LENGTH });
}

/** The optional expiry of a new link: after now and at most SCAN_LINK_MAX_LIFETIME_DAYS ahead ('Expires at is invalid'). */
export function checkScanLinkExpiry(violations: Violations, expiresAt: Date | undefined, now: Date): Date | null {
  if (expiresAt === undefined) return null;
  const latest = now.getTime() + SCAN_LINK_MAX_LIFETIME_DAYS * 24 * 60 * 60 * 1000;
  if (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= now.getTime() || expiresAt.getTime() > latest) {
    violations.add('expiresAt', messages.invalid('Expires at'));
    return null;
  }
  return expiresAt;
}

/** Whether a link scans at `now`: not revoked and not past its expiry. */
export function isScanLinkUsable(link: { revokedAt?: Date | null; expiresAt?: Date | null }, now: Date): boolean {
  return !link.revokedAt && (!link.expiresAt || link.expiresAt.getTime() > now.getTime());
}

/** Why ticketing revoked a link itself: its maker left the organisation, or lost `checkin`. */
export const LINK_REVOCATION_REASONS = ['member_removed', 'member_lost_checkin'] as const;

/**
 * Why ticketing revokes a member's links after identity's news of them, or null to keep them: a member who left, or
 * who no longer has `checkinPermission`, may no longer open the door through links they made.
 */
export function memberLinkRevocation(
  change: { removed: boolean; permissions: readonly string[] },
  checkinPermission: string,
): (typeof LINK_REVOCATION_REASONS)[number] | null {
  if (change.removed) return 'member_removed';
  return change.permissions.includes(checkinPermission) ? null : 'member_lost_checkin';
}

/** 32 random bytes as base64url: the 43 characters of `/scan/{hash}` (the BFF checks the same shape). */
export const SCAN_LINK_SECRET_BYTES = 32;

/** Whether a presented secret could be one we issued; anything else is refused without a lookup. */
export function isScanLinkSecretShape(secret: string): boolean {
  return SCAN_LINK_SECRET_PATTERN.test(secret);
}

/** 'ID is invalid' on `field` unless the value is a device id. */
export function checkDeviceId(violations: Violations, field: string, value: unknown): void {
  if (!isDeviceId(value)) violations.add(field, messages.idInvalid);
}

/**
 * The device name check-ins record for a member's scanner. identity's Authorize answers no member name, and
 * fetching one would add a call to every scan, so a member's device is "Organiser" plus the last 4 characters of
 * its id: short, stable per phone, and enough to tell two doors apart. A link's device is the link's name.
 */
export function memberDeviceName(deviceId: string): string {
  return `Organiser ${deviceId.slice(-4)}`;
}

/** A scan's nonce: made by the scanner per scan, repeated on a retry. */

export function checkNonce(violations: Violations, field: string, nonce: unknown): string {
  return violations.string(field, nonce, {
    label: 'Nonce',
    required: true,
    maxLength: SCAN_NONCE_MAX_LENGTH,
    pattern: SCAN_NONCE_PATTERN,
  });
}
