import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Runs scripts/build/bundle-service.mjs the way the Dockerfile does and inspects what it writes.
const repoRoot = path.resolve(__dirname, '../../../..');
const script = path.join(repoRoot, 'scripts/build/bundle-service.mjs');
const fixtures = path.join(__dirname, '../fixtures');
const outputs = ['main.js', 'migrate.js'];

const outdirs: string[] = [];
afterAll(() => outdirs.forEach((directory) => rmSync(directory, { recursive: true, force: true })));

function bundle(name: string, serviceDir?: string) {
  const outdir = mkdtempSync(path.join(tmpdir(), `kassa-bundle-${name}-`));
  outdirs.push(outdir);
  const args = [script, name, '--outdir', outdir, ...(serviceDir ? ['--service-dir', serviceDir] : [])];
  const run = spawnSync(process.execPath, args, { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
  return { outdir, status: run.status, output: `${run.stdout}${run.stderr}` };
}

function requiredModules(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/\brequire\(["']([^"']+)["']\)/g)].map((match) => match[1] ?? '');
}

function expectRunnableBundle(outdir: string) {
  for (const output of outputs) {
    const file = path.join(outdir, output);
    expect(existsSync(`${file}.map`)).toBe(true);
    const check = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    const source = readFileSync(file, 'utf8');
    expect(source).not.toMatch(/require\(["']@kassa\//);
    expect(source).toMatch(/\/\/# sourceMappingURL=.+\.js\.map\s*$/);
  }
}

describe('bundle-service', () => {
  it('compiles workspace code into main.js and migrate.js and keeps npm dependencies external', () => {
    const { outdir, status, output } = bundle('sample-service', path.join(fixtures, 'sample-service'));
    expect(output).not.toContain('failed');
    expect(status).toBe(0);
    expectRunnableBundle(outdir);

    const mainRequires = requiredModules(path.join(outdir, 'main.js'));
    // zod is the service's own dependency; the two below are @kassa/proto's, reached through compiled proto code.
    expect(mainRequires).toEqual(expect.arrayContaining(['zod', '@grpc/grpc-js', '@bufbuild/protobuf/wire']));
    // The fixture's own module is compiled in, not required.
    expect(mainRequires.filter((module) => module.startsWith('.'))).toEqual([]);
  });

  it('produces bundles that run once the npm dependencies are installable by name', () => {
    const { outdir, status } = bundle('sample-service', path.join(fixtures, 'sample-service'));
    expect(status).toBe(0);
    // NODE_PATH stands in for the image's node_modules next to the bundle.
    const env = { ...process.env, NODE_PATH: path.join(repoRoot, 'node_modules'), GRPC_PORT: '50123' };
    const main = spawnSync(process.execPath, ['--enable-source-maps', path.join(outdir, 'main.js')], {
      env,
      encoding: 'utf8',
    });
    expect(main.stderr).toBe('');
    expect(main.stdout.trim()).toMatch(/^sample-service: \d+ methods on port 50123, health status 1$/);
    const migrate = spawnSync(process.execPath, [path.join(outdir, 'migrate.js')], { env, encoding: 'utf8' });
    expect(migrate.stdout.trim()).toBe('migrate sample-service: 0 methods on port 0, health status 0');
  });

  it('refuses an import that no package.json in the service declares', () => {
    const { status, output } = bundle('undeclared-dependency', path.join(fixtures, 'undeclared-dependency'));
    expect(status).toBe(1);
    expect(output).toContain('"yaml" is imported but is a dependency in none of');
  });

  it('rejects a missing or malformed service name', () => {
    expect(bundle('Not_A_Name').status).toBe(2);
    const missing = bundle('no-such-service');
    expect(missing.status).toBe(1);
    expect(missing.output).toContain('no package.json');
  });

  // Real services are covered as soon as their entry points exist.
  const services = ['identity', 'catalog', 'ordering', 'payments', 'ticketing', 'notifications'].filter((name) =>
    ['src/main.ts', 'src/persistence/migrate.ts'].every((entry) =>
      existsSync(path.join(repoRoot, 'services', name, entry)),
    ),
  );
  for (const name of services) {
    it(`bundles the ${name} service`, () => {
      const { outdir, status, output } = bundle(name);
      expect(output).not.toContain('failed');
      expect(status).toBe(0);
      expectRunnableBundle(outdir);
    });
  }
});
