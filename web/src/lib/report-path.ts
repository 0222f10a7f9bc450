// Secrets that live in addresses, kept out of error reports, page views and traces: door staff scan links
// (/scan/{hash}), invitation links (/account/invitations/{token}) and the guest's access keys (?key=…, see
// guest-access.ts). The one place that knows them; the BFF's span redaction and analytics use it too.
import { ACCESS_KEY_PARAM } from './guest-access';

export const REDACTED = '[redacted]';
const SECRET_SEGMENTS = /\/(scan|account\/invitations)\/[^/?#\s]+/g;
const SECRET_PARAMETER = new RegExp(`([?&]${ACCESS_KEY_PARAM}=)[^&#\\s]*`, 'g');

/** A path or URL with every secret it carries replaced by '[redacted]'; everything else stays as it was. */
export function redactSecrets(pathOrUrl: string): string {
  return pathOrUrl
    .replace(SECRET_SEGMENTS, (_match, kind: string) => `/${kind}/${REDACTED}`)
    .replace(SECRET_PARAMETER, `$1${REDACTED}`);
}

/** Paths that go into error reports: also without the query string (it can hold e-mail addresses, return paths). */
export function reportPath(path: string): string {
  return redactSecrets(path.split(/[?#]/)[0] || '/');
}
