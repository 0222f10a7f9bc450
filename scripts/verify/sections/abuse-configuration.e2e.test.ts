// `npm run verify`'s abuse section, its configuration part: what an operator's mistake could let through.
// - The demo provider in production: payments started with PAYMENT_PROVIDER=demo and KASSA_ENV=production must stop at
//   its configuration, and the chart must refuse to render production values with it. Control: the same start and the
//   same render outside production go on (the guard is the environment check, nothing else).
// - Database connections: every values file's pools at their autoscaling maxima must fit PostgreSQL's
//   max_connections. Control: the on-sale maxima with production's pools do not.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { connectionsOverBudget } from '../../../charts/test/connection-budget';
import { chart, ensureHelm, environments, helm, valuesArgs } from '../../../charts/test/render';
import { mustBeZero, mustEqual, recordFigures } from '../figures';

const SECTION = 'abuse';
const repoRoot = path.resolve(__dirname, '../../..');

/**
 * Starts payments' real entry point with `environment` and the demo provider, and tells whether it went past its
 * configuration: a refused configuration ends the process with "Invalid configuration for payments"; otherwise it
 * goes on to connect (to a database on a closed port here, so it fails there, later, or is stopped after 30 s).
 */
function paymentsPastConfiguration(environment: string): Promise<{ past: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'services/payments/src/main.ts')], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        KASSA_ENV: environment,
        PAYMENT_PROVIDER: 'demo',
        LOG_LEVEL: 'info',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/kassa_payments_unreachable',
        GRPC_PORT: '0',
        HTTP_PORT: '0',
        OTEL_SDK_DISABLED: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve({ past: !output.includes('Invalid configuration for payments'), output: output.slice(0, 400) });
    });
  });
}

const renders = (args: string[]) => helm(['template', 'kassa', chart, ...args]).status === 0;

it("refuses the demo provider in production (payments and the chart), and keeps every values file within PostgreSQL's connections", async () => {
  ensureHelm();
  const production = await paymentsPastConfiguration('production');
  const development = await paymentsPastConfiguration('development');
  const demo = ['--set', 'services.payments.env.PAYMENT_PROVIDER=demo'];
  const chartInProduction = renders([...valuesArgs(environments.production), ...demo]);
  const chartInTest = renders([...valuesArgs(environments.production), ...demo, '--set', 'global.environment=test']);

  const overBudget = Object.entries(environments).map(([environment, files]) => ({
    environment,
    over: connectionsOverBudget(environment, files),
  }));
  const productionPools = [
    '--set',
    'services.ordering.database.poolMax=4',
    '--set',
    'services.ticketing.database.poolMax=4',
  ];
  const controlOver = connectionsOverBudget('onsale', environments.onsale, productionPools);

  recordFigures(SECTION, [
    mustBeZero(
      SECTION,
      'demo provider started in production (payments past its configuration, chart rendered)',
      (production.past ? 1 : 0) + (chartInProduction ? 1 : 0),
      production.output,
    ),
    mustEqual(
      SECTION,
      'demo provider outside production: payments past its configuration, chart rendered (control)',
      (development.past ? 1 : 0) + (chartInTest ? 1 : 0),
      2,
      development.output,
    ),
    mustBeZero(
      SECTION,
      `database connections over PostgreSQL's budget at the autoscaling maxima (${overBudget.map(({ environment }) => environment).join(', ')})`,
      overBudget.reduce((sum, { over }) => sum + over, 0),
      overBudget.map(({ environment, over }) => `${environment}: ${over}`).join(', '),
    ),
    mustEqual(
      SECTION,
      "on-sale maxima with production's pools: over the budget (control)",
      controlOver > 0 ? 1 : 0,
      1,
      `${controlOver} over`,
    ),
  ]);
  expect({ production: production.past, chartInProduction }).toEqual({ production: false, chartInProduction: false });
  expect({ development: development.past, chartInTest }).toEqual({ development: true, chartInTest: true });
  expect(overBudget.filter(({ over }) => over > 0)).toEqual([]);
  expect(controlOver).toBeGreaterThan(0);
}, 240_000);
