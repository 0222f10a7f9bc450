import { assertInfrastructure } from '@kassa/platform/testing';
import { buildBffIfStale } from './build-bff';

/** For tests that start platforms of their own (jest project "verify"): the infrastructure is up and the BFF built. */
export default async function buildSetup(): Promise<void> {
  await assertInfrastructure();
  buildBffIfStale();
}
