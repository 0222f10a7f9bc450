import { DISPLAY_NAME_MAX_LENGTH } from '@kassa/contracts/organisations';
import { messages } from '@kassa/platform/errors';

export { DISPLAY_NAME_MAX_LENGTH };

export type DisplayNameCheck = { ok: true; displayName: string } | { ok: false; message: string };

/** Optional; trimmed, inner white space folded, control characters refused. */
export function checkDisplayName(raw: string | undefined, label = 'Name'): DisplayNameCheck {
  const displayName = (raw ?? '').trim().replace(/\s+/g, ' ');
  if (displayName.length > DISPLAY_NAME_MAX_LENGTH) return { ok: false, message: messages.tooLong(label) };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(displayName)) return { ok: false, message: messages.invalid(label) };
  return { ok: true, displayName };
}
