import { randomBytes } from 'node:crypto';
import { ConfigError } from '@kassa/platform/config';
import { callerKeyOf } from '@kassa/platform/grpc';
import { loadTicketingConfig } from '../../src/config';
import { parseSubject } from '../../src/events/subjects';

const sealingKey = randomBytes(32).toString('base64url');
const callerKey = randomBytes(32).toString('base64url');

describe('ticketing configuration', () => {
  it('defaults to the ticketing ports and database and identity on its port', () => {
    const config = loadTicketingConfig({ KASSA_SEALING_KEY: sealingKey, KASSA_CALLER_KEY: callerKey });
    expect(config).toMatchObject({ grpcPort: 50055, httpPort: 9105, IDENTITY_GRPC_ADDRESS: '127.0.0.1:50051' });
    expect(config.databaseUrl).toMatch(/\/kassa_ticketing$/);
  });

  it('needs the sealing key, as 32 bytes of base64url', () => {
    expect(() => loadTicketingConfig({})).toThrow(ConfigError);
    expect(() => loadTicketingConfig({ KASSA_SEALING_KEY: 'too-short', KASSA_CALLER_KEY: callerKey })).toThrow(
      /KASSA_SEALING_KEY/,
    );
  });

  it('needs the caller key, as 32 bytes of base64url (app.ts reads it before it serves)', () => {
    expect(() => callerKeyOf(loadTicketingConfig({ KASSA_SEALING_KEY: sealingKey }))).toThrow(
      /KASSA_CALLER_SECRET is required/,
    );
    expect(() => loadTicketingConfig({ KASSA_SEALING_KEY: sealingKey, KASSA_CALLER_KEY: 'x'.repeat(20) })).toThrow(
      /KASSA_CALLER_KEY \(must be base64url of 32 bytes\)/,
    );
  });
});

describe('subjects', () => {
  it('are read with or without a namespace', () => {
    expect(parseSubject('kassa.ordering.order.paid')).toEqual({ service: 'ordering', entity: 'order', verb: 'paid' });
    expect(parseSubject('ns1.kassa.catalog.event.removed')).toEqual({
      service: 'catalog',
      entity: 'event',
      verb: 'removed',
    });
    expect(parseSubject('other.subject')).toBeNull();
  });
});
