// The scanner device's own id ("dev_" + random), made once per browser and kept in localStorage. A cookie mirrors it
// so that the page's server render opens the scanner as the same device (it cannot read localStorage).
import { encodeBase64Url } from './base64url';
import { DEVICE_ID_PATTERN } from '../../lib/scan-rules';
import { SCAN_DEVICE_COOKIE } from '../../lib/scan-model';

const STORAGE_KEY = 'kassa.scanner.deviceId';
const COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

export function newDeviceId(): string {
  return `dev_${encodeBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(16)))}`;
}

function readStored(): string | undefined {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY) ?? undefined;
    return stored && DEVICE_ID_PATTERN.test(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/**
 * This browser's device id: the stored one, else the id the server opened the page with (`suggested`), else a new
 * one; kept in localStorage and mirrored in a first-party cookie.
 */
export function deviceIdForThisBrowser(suggested?: string): string {
  const id = readStored() ?? (suggested && DEVICE_ID_PATTERN.test(suggested) ? suggested : newDeviceId());
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, id);
  } catch {
    // Storage full or forbidden: the id still serves this page.
  }
  if (typeof document !== 'undefined') {
    const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${SCAN_DEVICE_COOKIE}=${id}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
  }
  return id;
}
