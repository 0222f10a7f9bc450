import { z } from 'zod';
import { LOG_LEVELS } from '../logging';
import { ConfigError } from './config-error';
import { NAMESPACE_PATTERN } from './namespace';

export { ConfigError } from './config-error';
export { keySetting } from './key-setting';
export { createNamespace, NAMESPACE_PATTERN, type Namespace } from './namespace';

export type Environment = 'development' | 'test' | 'production';

export interface BaseConfig {
  serviceName: string;
  environment: Environment;
  databaseUrl: string;
  /** DATABASE_POOL_MAX: connections of the service's pool (each process also opens one for the outbox's LISTEN). */
  databasePoolMax: number;
  redisUrl: string;
  natsUrl: string;
  grpcPort: number;
  httpPort: number;
  logLevel: string;
  otlpEndpoint?: string;
  /** KASSA_NAMESPACE: isolates streams, subjects, queues and keys of one copy of the platform (tests). */
  namespace: string;
}

export interface ConfigDefaults {
  database: string;
  grpcPort: number;
  httpPort: number;
}

/**
 * Connections a service's pool opens at most, unless DATABASE_POOL_MAX says otherwise. The chart sets it per service
 * so that every pod at its autoscaling maximum fits PostgreSQL's max_connections (charts/test checks the sum).
 */
export const DATABASE_POOL_MAX_DEFAULT = 10;

type Env = Record<string, string | undefined>;

const port = z.coerce.number().int().min(0).max(65535);
const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a ${protocols.join(' or ')} URL`,
  );

// Environment variable names of the base settings, so errors name the variable and not the field.
const baseVariables = {
  environment: 'KASSA_ENV',
  databaseUrl: 'DATABASE_URL',
  databasePoolMax: 'DATABASE_POOL_MAX',
  redisUrl: 'REDIS_URL',
  natsUrl: 'NATS_URL',
  grpcPort: 'GRPC_PORT',
  httpPort: 'HTTP_PORT',
  logLevel: 'LOG_LEVEL',
  otlpEndpoint: 'OTEL_EXPORTER_OTLP_ENDPOINT',
  namespace: 'KASSA_NAMESPACE',
} as const;

function baseSchema(defaults: ConfigDefaults) {
  return z.object({
    environment: z.enum(['development', 'test', 'production']).default('development'),
    databaseUrl: url(['postgres:', 'postgresql:']).default(
      `postgres://postgres@127.0.0.1:5432/kassa_${defaults.database}`,
    ),
    databasePoolMax: z.coerce.number().int().min(1).max(100).default(DATABASE_POOL_MAX_DEFAULT),
    redisUrl: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379'),
    natsUrl: url(['nats:', 'tls:']).default('nats://127.0.0.1:4222'),
    grpcPort: port.default(defaults.grpcPort),
    httpPort: port.default(defaults.httpPort),
    logLevel: z.enum(LOG_LEVELS).default('info'),
    otlpEndpoint: url(['http:', 'https:']).optional(),
    namespace: z.string().regex(NAMESPACE_PATTERN, 'must be at most 32 lower-case letters and digits').default(''),
  });
}

export const CRASH_POINT_REFUSED_IN_PRODUCTION =
  'must not be set in production: it kills the process at a named step (fault tests only)';

const blankToUndefined = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === '' ? undefined : value;

/**
 * Reads the base settings and the service's own (`extra`, keyed by environment variable name, e.g.
 * `{ STRIPE_SECRET_KEY: z.string() }`) from `env`. Throws one ConfigError naming every bad variable.
 */
export function loadConfig<Extra extends z.ZodRawShape = Record<never, never>>(
  serviceName: string,
  defaults: ConfigDefaults,
  extra?: Extra,
  env: Env = process.env,
): BaseConfig & z.infer<z.ZodObject<Extra>> {
  const baseInput: Record<string, string | undefined> = {};
  for (const [field, variable] of Object.entries(baseVariables)) baseInput[field] = blankToUndefined(env[variable]);
  baseInput.environment = blankToUndefined(env.KASSA_ENV) ?? blankToUndefined(env.NODE_ENV);

  const extraInput: Record<string, string | undefined> = {};
  for (const variable of Object.keys(extra ?? {})) extraInput[variable] = blankToUndefined(env[variable]);

  const base = baseSchema(defaults).safeParse(baseInput);
  const rest = z.object(extra ?? ({} as Extra)).safeParse(extraInput);

  const problems: { variable: string; message: string }[] = [];
  if (!base.success) {
    for (const issue of base.error.issues) {
      const field = String(issue.path[0]) as keyof typeof baseVariables;
      const variable = field === 'environment' && !env.KASSA_ENV ? 'NODE_ENV' : baseVariables[field];
      problems.push({ variable, message: issue.message });
    }
  }
  if (!rest.success) {
    for (const issue of rest.error.issues) problems.push({ variable: String(issue.path[0]), message: issue.message });
  }
  // A test seam must not reach production: the crash points kill the process at a named step (fault tests only).
  if (base.success && base.data.environment === 'production' && blankToUndefined(env.KASSA_CRASH_POINT) !== undefined) {
    problems.push({ variable: 'KASSA_CRASH_POINT', message: CRASH_POINT_REFUSED_IN_PRODUCTION });
  }
  if (problems.length > 0 || !base.success || !rest.success) throw new ConfigError(serviceName, problems);

  return { serviceName, ...base.data, ...rest.data } as BaseConfig & z.infer<z.ZodObject<Extra>>;
}
