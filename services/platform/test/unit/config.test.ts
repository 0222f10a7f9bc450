import { z } from 'zod';
import { ConfigError, CRASH_POINT_REFUSED_IN_PRODUCTION, loadConfig } from '../../src/config';

const defaults = { database: 'identity', grpcPort: 50051, httpPort: 9101 };

describe('loadConfig', () => {
  it('fills every default from an empty environment', () => {
    expect(loadConfig('identity', defaults, undefined, {})).toEqual({
      serviceName: 'identity',
      environment: 'development',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/kassa_identity',
      databasePoolMax: 10,
      redisUrl: 'redis://127.0.0.1:6379',
      natsUrl: 'nats://127.0.0.1:4222',
      grpcPort: 50051,
      httpPort: 9101,
      logLevel: 'info',
      namespace: '',
    });
  });

  it('accepts a namespace of lower-case letters and digits only', () => {
    expect(loadConfig('identity', defaults, undefined, { KASSA_NAMESPACE: 'e2e1a2b3c' }).namespace).toBe('e2e1a2b3c');
    expect(() => loadConfig('identity', defaults, undefined, { KASSA_NAMESPACE: 'e2e.x' })).toThrow(/KASSA_NAMESPACE/);
  });

  it('reads overrides from the environment, KASSA_ENV before NODE_ENV', () => {
    const config = loadConfig('identity', defaults, undefined, {
      KASSA_ENV: 'production',
      NODE_ENV: 'test',
      DATABASE_URL: 'postgresql://app@db:5432/identity',
      DATABASE_POOL_MAX: '4',
      REDIS_URL: 'redis://cache:6379/2',
      NATS_URL: 'nats://bus:4222',
      GRPC_PORT: '6000',
      HTTP_PORT: '0',
      LOG_LEVEL: 'debug',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
    });
    expect(config).toMatchObject({
      environment: 'production',
      databaseUrl: 'postgresql://app@db:5432/identity',
      databasePoolMax: 4,
      redisUrl: 'redis://cache:6379/2',
      natsUrl: 'nats://bus:4222',
      grpcPort: 6000,
      httpPort: 0,
      logLevel: 'debug',
      otlpEndpoint: 'http://collector:4318',
    });
    expect(loadConfig('identity', defaults, undefined, { NODE_ENV: 'test' }).environment).toBe('test');
  });

  it('treats blank variables as unset', () => {
    expect(
      loadConfig('identity', defaults, undefined, { GRPC_PORT: '', OTEL_EXPORTER_OTLP_ENDPOINT: ' ' }),
    ).toMatchObject({ grpcPort: 50051 });
    expect(
      loadConfig('identity', defaults, undefined, { OTEL_EXPORTER_OTLP_ENDPOINT: '' }).otlpEndpoint,
    ).toBeUndefined();
  });

  it('adds the service settings, keyed by their variable names, with their own defaults and coercion', () => {
    const config = loadConfig(
      'payments',
      { database: 'payments', grpcPort: 50054, httpPort: 9104 },
      { STRIPE_SECRET_KEY: z.string().min(1), RESERVATION_MINUTES: z.coerce.number().int().default(15) },
      { STRIPE_SECRET_KEY: 'sk_test_1' },
    );
    expect(config.STRIPE_SECRET_KEY).toBe('sk_test_1');
    expect(config.RESERVATION_MINUTES).toBe(15);
    expect(config.serviceName).toBe('payments');
  });

  it('throws one ConfigError naming every bad variable', () => {
    let error: unknown;
    try {
      loadConfig(
        'identity',
        defaults,
        { SESSION_KEY: z.string().length(43) },
        {
          KASSA_ENV: 'staging',
          DATABASE_URL: 'mysql://nope',
          DATABASE_POOL_MAX: '0',
          GRPC_PORT: 'fifty',
          HTTP_PORT: '70000',
          LOG_LEVEL: 'loud',
          OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318',
        },
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const configError = error as ConfigError;
    expect(configError.problems.map((p) => p.variable).sort()).toEqual(
      [
        'DATABASE_POOL_MAX',
        'DATABASE_URL',
        'GRPC_PORT',
        'HTTP_PORT',
        'KASSA_ENV',
        'LOG_LEVEL',
        'OTEL_EXPORTER_OTLP_ENDPOINT',
        'SESSION_KEY',
      ].sort(),
    );
    for (const variable of [
      'DATABASE_URL',
      'GRPC_PORT',
      'HTTP_PORT',
      'KASSA_ENV',
      'LOG_LEVEL',
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      'SESSION_KEY',
    ]) {
      expect(configError.message).toContain(variable);
    }
    expect(configError.message).toMatch(/^Invalid configuration for identity/);
  });

  it('refuses a crash point (a test seam) in production, and takes it in tests', () => {
    const error = (() => {
      try {
        loadConfig('identity', defaults, undefined, {
          KASSA_ENV: 'production',
          KASSA_CRASH_POINT: 'outbox.before-publish',
        });
      } catch (caught) {
        return caught as ConfigError;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.problems).toEqual([{ variable: 'KASSA_CRASH_POINT', message: CRASH_POINT_REFUSED_IN_PRODUCTION }]);
    expect(() =>
      loadConfig('identity', defaults, undefined, { NODE_ENV: 'production', KASSA_CRASH_POINT: 'x' }),
    ).toThrow(ConfigError);
    expect(
      loadConfig('identity', defaults, undefined, { KASSA_ENV: 'test', KASSA_CRASH_POINT: 'outbox.before-publish' })
        .environment,
    ).toBe('test');
  });

  it('names NODE_ENV when it is the source of a bad environment', () => {
    expect(() => loadConfig('identity', defaults, undefined, { NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
  });
});
