// The oversell control's unguarded reservation is a test seam: a production ordering refuses it before it opens a
// single connection, whatever entry point asks for it.
import pino from 'pino';
import { createLifecycle } from '@kassa/platform/lifecycle';
import { startOrdering, UNSAFE_RESERVATION_REFUSED_IN_PRODUCTION } from '../../src/app';
import { loadOrderingConfig } from '../../src/config';

const env = {
  KASSA_CALLER_KEY: Buffer.alloc(32, 7).toString('base64url'),
  KASSA_SEALING_KEY: Buffer.alloc(32, 9).toString('base64url'),
  // Nothing listens on port 1: had the refusal come after a connection, the test would fail on that instead.
  DATABASE_URL: 'postgres://postgres@127.0.0.1:1/kassa_ordering',
};

it('refuses the unguarded reservation in production before connecting to anything', async () => {
  const config = loadOrderingConfig({ ...env, KASSA_ENV: 'production' });
  const logger = pino({ level: 'silent' });
  const lifecycle = createLifecycle(logger, { handleSignals: false, exit: () => undefined });
  await expect(startOrdering(config, logger, lifecycle, { unsafeReservation: true })).rejects.toThrow(
    UNSAFE_RESERVATION_REFUSED_IN_PRODUCTION,
  );
});
