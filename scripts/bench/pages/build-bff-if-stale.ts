// Run as a child (see next-server.ts) so that `next build`'s output goes to stderr, not into the report on stdout.
import { buildBffIfStale } from '@kassa/testing/build-bff';

buildBffIfStale();
