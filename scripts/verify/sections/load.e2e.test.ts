// `npm run verify`, section "load", as an end-to-end test: the rush through the BFF on a platform of its own, the
// reconciliation of every database once it is quiet, and the control run (the same rush, ordering without the lock). CI size in `npm test`
// (scripts/verify/load/scenario.ts: LOAD_SIZES.ci); VERIFY_SIZE=full runs the size.
import { holdRushLock, RUSH_LOCK_WAIT_MS } from '@kassa/testing/rush-lock';
import { formatFigures, recordFigures, verifySize } from '../figures';
import { LOAD_SIZES, runLoadSection, SECTION } from '../load/scenario';

const size = verifySize();
// Its own time, and as long again for the other rushes to end first (testing/src/rush-lock.ts).
jest.setTimeout((size === 'full' ? 60 * 60_000 : 12 * 60_000) + RUSH_LOCK_WAIT_MS);

it(`load (${size}): ${LOAD_SIZES[size].attempts} checkouts from ${LOAD_SIZES[size].buyers} buyers on a capacity of ${LOAD_SIZES[size].capacity}: nothing oversold, lost, charged twice or out of balance; without the lock it oversells`, async () => {
  const rush = await holdRushLock('load');
  const started = Date.now();
  const { figures } = await runLoadSection(size, (line) => console.info(line)).finally(() => rush.release());
  recordFigures(SECTION, figures);
  console.info(`${formatFigures(figures)}\n(load section, ${size}, ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  expect(figures.filter((figure) => !figure.ok)).toEqual([]);
});
