import { z } from 'zod';
import { parseKey } from '../crypto';

/** A setting that holds a 32-byte key as base64url (KASSA_SEALING_KEY, KASSA_CALLER_KEY): refused at start-up otherwise. */
export const keySetting = z.string().refine((value) => {
  try {
    parseKey(value);
    return true;
  } catch {
    return false;
  }
}, 'must be base64url of 32 bytes');
