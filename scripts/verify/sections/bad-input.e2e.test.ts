// The "bad input" section of `npm run verify` (scripts/verify/fuzz/section.ts): every BFF route and every gRPC method,
// found from the code, fuzzed on a platform of its own; no 5xx, no INTERNAL or UNKNOWN, the spec's messages, and no
// change in any database and no event published. CI size in `npm test`, the size under `npm run verify`.
import { holdRushLock, RUSH_LOCK_WAIT_MS } from '@kassa/testing/rush-lock';
import { recordFigures, verifySize } from '../figures';
import { badInputSection } from '../fuzz/section';

const size = verifySize();
// Its own stack (about a minute), two organisations through the BFF, then the requests: CI size stays under 4 minutes.
// As long again for the other rushes to end first (testing/src/rush-lock.ts).
jest.setTimeout((size === 'full' ? 60 * 60_000 : 5 * 60_000) + RUSH_LOCK_WAIT_MS);

it("answers every kind of bad input to every route and method without a 5xx or INTERNAL, in the spec's words, changing nothing", async () => {
  const rush = await holdRushLock('bad input', (line) => console.log(line));
  const figures = await badInputSection.run(size, (line) => console.log(line)).finally(() => rush.release());
  recordFigures(badInputSection.name, figures);
  expect(figures.filter((figure) => !figure.ok)).toEqual([]);
});
