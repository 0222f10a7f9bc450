/**
 * @jest-environment jsdom
 */
// The dashboard's sales chart: the server writes the figure, its caption and the table of figures (which the e2e
// tests and screen readers read) into a box of fixed height; the browser hydrates that same HTML and only then
// draws the recharts bars into the box. jsdom has no layout: the chart's box is given a size below.
import { NextIntlClientProvider } from 'next-intl';
import { act, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { DEFAULT_TIME_ZONE } from '@kassa/contracts/time-zones';
import { SalesChart, type SalesDay } from '../../src/features/organisations/sales-chart';
import { messages } from '../../src/messages';

const BOX = { width: 600, height: 160 };
const DAYS: SalesDay[] = [
  { date: '2027-03-10', tickets: 2, netMinor: 5000 },
  { date: '2027-03-11', tickets: 0, netMinor: 0 },
  // Refunds above the day's sales.
  { date: '2027-03-12', tickets: 1, netMinor: -2500 },
  { date: '2027-03-13', tickets: 3, netMinor: 7550 },
];

const chart = (locale: 'en' | 'nl', days = DAYS, timeZone = DEFAULT_TIME_ZONE): ReactElement => (
  <NextIntlClientProvider locale={locale} messages={messages[locale]} timeZone={timeZone}>
    <SalesChart currency="EUR" days={days} />
  </NextIntlClientProvider>
);

const rowsOf = (root: ParentNode) =>
  [...root.querySelectorAll('table.sr-only tbody tr')].map((row) =>
    [...row.children].map((cell) => (cell.textContent ?? '').replace(/\s/g, ' ')),
  );

const textsOf = (root: ParentNode, selector: string) =>
  [...root.querySelectorAll(selector)].map((node) => (node.textContent ?? '').replace(/\s/g, ' '));

/** The drawn bars, top (y) and signed height, in the order of the days. */
const barsOf = (root: ParentNode) =>
  [...root.querySelectorAll('.recharts-bar-rectangle path')].map((path) => ({
    y: Number(path.getAttribute('y')),
    height: Number(path.getAttribute('height')),
    fill: path.getAttribute('fill'),
  }));

/** Where the y axis puts 0. */
const zeroLineOf = (root: ParentNode) => {
  const label = [...root.querySelectorAll('.recharts-yAxis-tick-labels text')].find(
    (node) => node.textContent === '€0.00',
  );
  return Number(label?.getAttribute('y'));
};

class StillResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

let container: HTMLDivElement;
let root: Root | undefined;
let hydrationErrors: unknown[];
let consoleErrors: jest.SpyInstance;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  globalThis.ResizeObserver = StillResizeObserver as unknown as typeof ResizeObserver;
  // The chart's box has the size the page's CSS gives it; text measures about 7 pixels a character.
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const [width, height] = this.classList.contains('recharts-wrapper')
      ? [BOX.width, BOX.height]
      : [(this.textContent ?? '').length * 7, 14];
    return { x: 0, y: 0, left: 0, top: 0, right: width, bottom: height, width, height, toJSON: () => ({}) };
  });
});

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  hydrationErrors = [];
  consoleErrors = jest.spyOn(console, 'error');
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  container.remove();
  consoleErrors.mockRestore();
});

/** Puts the server's HTML in the page and hydrates it as the browser does, then lets the lazy bars load. */
async function hydrate(element: ReactElement): Promise<void> {
  container.innerHTML = renderToString(element);
  await act(async () => {
    root = hydrateRoot(container, element, {
      onRecoverableError: (error) => hydrationErrors.push(error),
    });
  });
  for (let tries = 0; tries < 20 && !container.querySelector('.recharts-surface'); tries += 1)
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
}

describe('the sales chart', () => {
  it('is written on the server as a figure with its caption, a table row per day and an empty box of fixed height', () => {
    const page = document.createElement('div');
    page.innerHTML = renderToString(chart('en'));
    const figure = page.querySelector('figure[data-testid="overview-chart-EUR"]')!;
    expect(figure).not.toBeNull();
    expect(figure.querySelector('figcaption')?.textContent).toBe('Net sales per day over the last 30 days (EUR)');
    expect(rowsOf(figure)).toEqual([
      ['2027-03-10', '€50.00', '2 tickets sold'],
      ['2027-03-11', '€0.00', '0 tickets sold'],
      ['2027-03-12', '-€25.00', '1 ticket sold'],
      ['2027-03-13', '€75.50', '3 tickets sold'],
    ]);
    const box = figure.querySelector('[data-testid="overview-chart-plot"]')!;
    expect(box.className).toBe('h-40');
    expect(box.getAttribute('aria-hidden')).toBe('true');
    // recharts draws nothing on the server: the box stays empty until the browser has hydrated.
    expect(box.innerHTML).toBe('');
    expect(page.innerHTML).not.toContain('recharts');
  });

  it('hydrates without a mismatch, then draws a recharts bar per day, one below the zero line', async () => {
    await hydrate(chart('en'));
    expect(hydrationErrors).toEqual([]);
    expect(consoleErrors.mock.calls).toEqual([]);
    const box = container.querySelector('[data-testid="overview-chart-plot"]')!;
    expect(box.querySelector('.recharts-wrapper')).not.toBeNull();
    expect(box.querySelector('svg.recharts-surface')?.getAttribute('width')).toBe(String(BOX.width));
    expect(textsOf(box, '.recharts-xAxis-tick-labels text')).toEqual(['Mar 10', 'Mar 11', 'Mar 12', 'Mar 13']);
    expect(textsOf(box, '.recharts-yAxis-tick-labels text')).toContain('€0.00');
    // A bar for each day with sales (the day without draws none), each from the zero line: up for a day's net
    // sales, down for the day whose refunds were larger, all in the theme's primary colour.
    const bars = barsOf(box);
    expect(bars.map(({ height }) => Math.sign(height))).toEqual([1, -1, 1]);
    const zero = zeroLineOf(box);
    for (const { y, height } of bars) expect(y + height).toBeCloseTo(zero, 3);
    expect(bars[1]!.height / bars[0]!.height).toBeCloseTo(-2500 / 5000, 3);
    expect(bars[2]!.height / bars[0]!.height).toBeCloseTo(7550 / 5000, 3);
    expect(new Set(bars.map(({ fill }) => fill))).toEqual(new Set(['var(--primary)']));
    // The table is still there, unchanged, after the chart appeared.
    expect(rowsOf(container)).toHaveLength(DAYS.length);
  });

  it('writes the axes in the page locale: short Dutch dates (the same days west of UTC) and euros', async () => {
    // A day is a calendar date: midnight UTC is the evening before in Los Angeles, yet the tick keeps its day.
    await hydrate(chart('nl', DAYS, 'America/Los_Angeles'));
    expect(hydrationErrors).toEqual([]);
    const box = container.querySelector('[data-testid="overview-chart-plot"]')!;
    expect(textsOf(box, '.recharts-xAxis-tick-labels text')).toEqual(['10 mrt', '11 mrt', '12 mrt', '13 mrt']);
    expect(textsOf(box, '.recharts-yAxis-tick-labels text')).toContain('€ 0,00');
    expect(rowsOf(container)[2]).toEqual(['2027-03-12', '€ -25,00', '1 ticket verkocht']);
  });

  it('draws thirty days without a sale as an empty chart, without an error', async () => {
    const quiet = Array.from({ length: 30 }, (_, index) => ({
      date: `2027-04-${String(index + 1).padStart(2, '0')}`,
      tickets: 0,
      netMinor: 0,
    }));
    await hydrate(chart('en', quiet));
    expect(hydrationErrors).toEqual([]);
    expect(consoleErrors.mock.calls).toEqual([]);
    const box = container.querySelector('[data-testid="overview-chart-plot"]')!;
    expect(box.querySelector('svg.recharts-surface')).not.toBeNull();
    expect(barsOf(box)).toEqual([]);
    expect(rowsOf(container)).toHaveLength(30);
  });

  it('tells the day, its money and its tickets in the tooltip of the bar under the pointer', async () => {
    await hydrate(chart('en'));
    const wrapper = container.querySelector<HTMLElement>('.recharts-wrapper')!;
    expect(container.querySelector('[data-testid="overview-chart-tooltip"]')).toBeNull();
    // The third of four bars, at three fifths across.
    await act(async () => {
      wrapper.dispatchEvent(new MouseEvent('mousemove', { bubbles: true, clientX: 0.6 * BOX.width, clientY: 60 }));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(container.querySelector('[data-testid="overview-chart-tooltip"]')?.textContent).toBe(
      '2027-03-12: -€25.00 · 1 ticket sold',
    );
  });
});
