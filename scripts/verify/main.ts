// `npm run verify`: the proof that Kassa keeps its promises under load, faults, bad input, cross-tenant attempts and
// abuse. Each section is an end-to-end test file (scripts/verify/sections/*) that records its
// figures; this runs them at the sizes (VERIFY_SIZE=full, or VERIFY_SIZE=ci for the sizes `npm test` uses)
// against a platform started on this machine, then prints every figure in one table. It fails when a test fails,
// a figure is not what it must be or says not how it is counted, or a section recorded nothing.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machineNote } from '../bench/lib/report';
import { howCounted } from './counting';
import { FIGURES_DIR, formatFigures, readRecordedFigures, SECTION_ORDER, verifySize } from './figures';

const repoRoot = join(__dirname, '..', '..');
/** The tests that record figures: every section (the *.verify.test.ts ones only run here). */
const VERIFY_TESTS = ['scripts/verify/sections/'];

function main(): number {
  const size = process.env.VERIFY_SIZE === 'ci' ? 'ci' : 'full';
  rmSync(FIGURES_DIR, { recursive: true, force: true });
  const started = Date.now();
  console.error(
    `verify: running ${VERIFY_TESTS.join(', ')} at ${size} size; this starts its own platforms (see the README, "Proving it")`,
  );
  const jest = spawnSync(
    process.execPath,
    [
      join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js'),
      '--selectProjects',
      'e2e',
      'e2e-alone',
      'verify',
      '--runInBand',
      '--ci',
      ...VERIFY_TESTS,
    ],
    {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, VERIFY_SIZE: size },
    },
  );
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const figures = readRecordedFigures();
  const silent = SECTION_ORDER.filter((section) => !figures.some((figure) => figure.section === section));
  // A figure the table cannot say how it counts fails like one that is not ok.
  const failed = figures.filter((figure) => !figure.ok || !howCounted(figure));
  const lines = [
    '',
    `Kassa verify (${verifySize({ VERIFY_SIZE: size })} size, ${minutes} min)`,
    machineNote("services export spans to the stacks' own receivers where a test asks for them"),
    '',
    formatFigures(figures),
    '',
    ...silent.map(
      (section) => `!! section "${section}" recorded no figures (its test failed before recording, or did not run)`,
    ),
    jest.status === 0 ? 'tests: all passed' : `!! tests failed (jest exit ${jest.status ?? jest.signal})`,
    failed.length === 0 && silent.length === 0 && jest.status === 0
      ? 'verify: every figure is what it must be'
      : `verify: FAILED (${failed.length} figure(s) not ok)`,
  ];
  const table = lines.join('\n');
  console.log(table);
  mkdirSync(FIGURES_DIR, { recursive: true });
  writeFileSync(join(FIGURES_DIR, 'table.txt'), `${table}\n`);
  return jest.status === 0 && failed.length === 0 && silent.length === 0 ? 0 : 1;
}

process.exitCode = main();
