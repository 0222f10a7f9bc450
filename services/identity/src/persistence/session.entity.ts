import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A signed-in browser. The token is never stored; only its SHA-256. */
export const SessionEntity = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: (p) => ({
    id: p.string().primary(),
    userId: p.string().index(),
    tokenHash: p.string().unique(),
    clientIp: p.string(),
    userAgent: p.string(),
    createdAt: p.datetime(),
    lastSeenAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
  }),
});
export type Session = InferEntity<typeof SessionEntity>;
