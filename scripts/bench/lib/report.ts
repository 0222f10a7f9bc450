import { cpus, loadavg } from 'node:os';

/** One figure beside its baseline measured in the same run; ratio = value / baseline. */
export interface Figure {
  name: string;
  value: number;
  baseline: number;
  /** 'score' is unitless (e.g. CLS), shown with three decimals. */
  unit: '/s' | 'ms' | 'score';
}

const format = (value: number, unit: Figure['unit']): string =>
  unit === '/s'
    ? `${Math.round(value).toLocaleString('en-US')}/s`
    : unit === 'ms'
      ? `${value.toFixed(2)} ms`
      : value.toFixed(3);

// A zero baseline (say, no layout shift at all) has no meaningful ratio. Below 0.1, three decimals: 0.015 and 0.024
// differ by half, which two decimals would print as 0.01 and 0.02.
const ratio = (figure: Figure): string => {
  if (figure.baseline === 0) return 'n/a';
  const value = figure.value / figure.baseline;
  return value.toFixed(value < 0.1 ? 3 : 2);
};

export function formatTable(figures: Figure[]): string {
  const rows = [
    ['name', 'value', 'baseline', 'ratio'],
    ...figures.map((figure) => [
      figure.name,
      format(figure.value, figure.unit),
      format(figure.baseline, figure.unit),
      ratio(figure),
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('   ');
  return [line(rows[0]!), widths.map((width) => '-'.repeat(width)).join('   '), ...rows.slice(1).map(line)].join('\n');
}

/** Where the figures came from: they only compare with figures taken on the same kind of machine. */
export function machineNote(tracing: string): string {
  const cores = cpus();
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  return `machine: ${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown'}), node ${process.version} ${process.platform}/${process.arch}, load ${load}; tracing: ${tracing}`;
}
