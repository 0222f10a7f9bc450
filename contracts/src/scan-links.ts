// Scan links and the scanners that use them: what door staff's browsers send and ticketing checks again.

/** The name an organiser gives a link: 1 to 80 characters. */
export const SCAN_LINK_NAME_MAX_LENGTH = 80;
/** The furthest ahead a link's expiry may be: a season of events, not a permanent door key. */
export const SCAN_LINK_MAX_LIFETIME_DAYS = 366;
/** A link's secret: 32 random bytes as unpadded base64url, the 43 characters of `/scan/{secret}`. */
export const SCAN_LINK_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A scanner device: "dev_" and 4 to 64 characters, made by the browser and kept in its storage. */
export const DEVICE_ID_PATTERN = /^dev_[A-Za-z0-9_-]{4,64}$/;
/** A scan's nonce (a UUID from the browser): 1 to 100 of these characters. */
export const SCAN_NONCE_MAX_LENGTH = 100;
export const SCAN_NONCE_PATTERN = new RegExp(`^[A-Za-z0-9_.:-]{1,${SCAN_NONCE_MAX_LENGTH}}$`);
/** SyncOfflineScans takes at most this many scans per call. */
export const MAX_OFFLINE_SCANS = 1000;

export function isDeviceId(value: unknown): value is string {
  return typeof value === 'string' && DEVICE_ID_PATTERN.test(value);
}
