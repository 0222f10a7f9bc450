// buildBffIfStale as a command: `npm test` runs it beside the integration tests, and bench:pages as a child (so that
// `next build`'s output goes to stderr, not into the benchmark's report on stdout).
import { buildBffIfStale } from './build-bff';

buildBffIfStale();
