// The BFF answers `require` of its build's own loaded files from the module cache, before the telemetry hook that
// would resolve each path again; anything else still goes through the hook. Run in a child process: Jest replaces
// Node's require with its own module registry, which the fast path does not (and should not) touch.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const run = (env: Record<string, string>) =>
  JSON.parse(
    execFileSync(
      process.execPath,
      ['--import', 'tsx', join(__dirname, '..', 'fixtures', 'build-output-require-run.ts')],
      {
        encoding: 'utf8',
        env: { ...process.env, ...env },
      },
    ),
  ) as {
    files: Record<'loaded' | 'later' | 'elsewhere', string>;
    sameObject: boolean;
    laterFile: string;
    elsewhereFile: string;
    laterAgainSame: boolean;
    hooked: string[];
  };

it('in production, serves loaded files under the build directory from the module cache and sends everything else on', () => {
  const result = run({ NODE_ENV: 'production' });
  expect(result).toMatchObject({
    sameObject: true,
    laterFile: result.files.later,
    elsewhereFile: result.files.elsewhere,
    laterAgainSame: true,
  });
  // The loaded build file skipped the hook; the file loaded later reached it once (then it was loaded), the other file each time.
  expect(result.hooked).toEqual([result.files.later, result.files.elsewhere]);
});

it('outside production changes nothing: every require reaches the hook', () => {
  const result = run({ NODE_ENV: 'development' });
  expect(result.hooked).toEqual([
    result.files.loaded,
    result.files.later,
    result.files.elsewhere,
    result.files.later,
    result.files.later,
  ]);
});
