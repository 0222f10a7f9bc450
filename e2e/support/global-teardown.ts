import type { Stack } from '@kassa/testing/stack';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { kassaStack?: Stack }).kassaStack?.stop();
}
