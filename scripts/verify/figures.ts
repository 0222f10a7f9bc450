// One row of `npm run verify`'s table: a figure, what it came to, and what it must be. Every section of the
// verification (load, faults, bad input, authorisation, abuse) returns its rows; main.ts prints them as one table.
// `npm test`'s end-to-end project runs the same sections (scripts/verify/sections) at CI size and expects every row
// to be ok.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { countingLines, howCounted } from './counting';

/** `ci` fits in `npm test`; `full` is the size, run by `npm run verify` (README). */
export type Size = 'ci' | 'full';

export interface VerifyFigure {
  section: string;
  figure: string;
  value: number;
  /** What the value must be, in words: `0`, `≥ 1`, `= 2,000`. */
  mustBe: string;
  ok: boolean;
  /** A short explanation printed under the table when the figure is not ok (or always, when useful). */
  note?: string;
}

export interface VerifySection {
  name: string;
  run(size: Size, log: (line: string) => void): Promise<VerifyFigure[]>;
}

export const mustBeZero = (section: string, figure: string, value: number, note?: string): VerifyFigure => ({
  section,
  figure,
  value,
  mustBe: '0',
  ok: value === 0,
  note,
});

export const mustBeAtLeast = (
  section: string,
  figure: string,
  value: number,
  minimum: number,
  note?: string,
): VerifyFigure => ({
  section,
  figure,
  value,
  mustBe: `≥ ${minimum.toLocaleString('en-US')}`,
  ok: value >= minimum,
  note,
});

export const mustEqual = (
  section: string,
  figure: string,
  value: number,
  expected: number,
  note?: string,
): VerifyFigure => ({
  section,
  figure,
  value,
  mustBe: `= ${expected.toLocaleString('en-US')}`,
  ok: value === expected,
  note,
});

export const mustBeAtMost = (
  section: string,
  figure: string,
  value: number,
  maximum: number,
  note?: string,
): VerifyFigure => ({
  section,
  figure,
  value,
  mustBe: `≤ ${maximum.toLocaleString('en-US')}`,
  ok: value <= maximum,
  note,
});

/** The table: section | figure | value | must be | ok. */
export function formatFigures(figures: readonly VerifyFigure[]): string {
  const rows = [
    ['section', 'figure', 'value', 'must be', 'ok'],
    ...figures.map((f) => [f.section, f.figure, f.value.toLocaleString('en-US'), f.mustBe, f.ok ? 'yes' : 'NO']),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join(' | ')
      .trimEnd();
  const notes = figures.filter((f) => f.note && !f.ok).map((f) => `  ${f.section} / ${f.figure}: ${f.note}`);
  const uncounted = figures
    .filter((f) => !howCounted(f))
    .map((f) => `  !! ${f.section} / ${f.figure}: no rule in scripts/verify/counting.ts says how it is counted`);
  return [
    line(rows[0]!),
    widths.map((w) => '-'.repeat(w)).join('-|-'),
    ...rows.slice(1).map(line),
    '',
    'how each figure is counted:',
    ...countingLines(figures),
    ...uncounted,
    ...(notes.length ? ['', 'not ok:', ...notes] : []),
  ].join('\n');
}

/** VERIFY_SIZE=full (set by `npm run verify`) runs the sizes; anything else, CI's. */
export function verifySize(env: NodeJS.ProcessEnv = process.env): Size {
  return env.VERIFY_SIZE === 'full' ? 'full' : 'ci';
}

/** Where each section leaves its figures for main.ts to print as one table. */
export const FIGURES_DIR = join(__dirname, '..', '..', '.artifacts', 'verify');

/**
 * Adds a section's figures to `.artifacts/verify/<section>.json` (appending, so one section may record from several
 * test files or tests). The end-to-end tests call this and then expect every figure to be ok.
 */
export function recordFigures(section: string, figures: readonly VerifyFigure[], dir = FIGURES_DIR): void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${section.replace(/[^a-z0-9-]/gi, '-').toLowerCase()}.json`);
  const earlier = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as VerifyFigure[]) : [];
  writeFileSync(file, JSON.stringify([...earlier, ...figures], null, 2));
}

/** Every recorded figure, in the order of SECTION_ORDER and then as recorded. */
export function readRecordedFigures(dir = FIGURES_DIR): VerifyFigure[] {
  if (!existsSync(dir)) return [];
  const all = readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown)
    // Sections keep other records beside their figures (bad-input-findings.json): only lists of figures count.
    .flatMap((content) => (Array.isArray(content) ? (content as VerifyFigure[]) : []));
  const rank = (section: string) => {
    const index = SECTION_ORDER.indexOf(section as (typeof SECTION_ORDER)[number]);
    return index === -1 ? SECTION_ORDER.length : index;
  };
  return all
    .map((figure, index) => ({ figure, index }))
    .sort((a, b) => rank(a.figure.section) - rank(b.figure.section) || a.index - b.index)
    .map(({ figure }) => figure);
}

export const SECTION_ORDER = ['load', 'faults', 'bad input', 'authorisation', 'abuse'] as const;
