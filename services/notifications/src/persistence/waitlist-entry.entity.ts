import type { Locale } from '@kassa/contracts/locales';
import { EntitySchema } from '@mikro-orm/core';

/**
 * An address on the launch waitlist, once (unique, lower case). Only what the launch mail needs is kept:
 * the address, its language and when it joined; the client IP is used for rate limiting and not stored.
 */
export interface WaitlistEntryRecord {
  id: string;
  email: string;
  locale: Locale;
  createdAt: Date;
}

export const WaitlistEntryEntity = new EntitySchema<WaitlistEntryRecord>({
  name: 'WaitlistEntry',
  tableName: 'waitlist_entry',
  properties: {
    id: { type: 'string', columnType: 'text', primary: true },
    email: { type: 'string', columnType: 'text', unique: true },
    locale: { type: 'string', columnType: 'text' },
    createdAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'created_at' },
  },
});
