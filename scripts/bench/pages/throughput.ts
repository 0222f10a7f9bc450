import { Agent } from 'node:http';
import { compareInterleaved, type LoadResult, type LoadShape } from '../lib/closed-loop';
import { httpGetOk } from '../lib/http-get';
import type { CpuMeter, CpuReading } from '../lib/process-cpu';
import type { PageSnapshot } from './bare-copy-server';

/** Fetches a page once from `next start`: the bytes the bare server will serve. */
export async function snapshotPage(nextOrigin: string, path: string): Promise<PageSnapshot> {
  const answer = await httpGetOk(`${nextOrigin}${path}`);
  const contentType = answer.headers['content-type'];
  if (typeof contentType !== 'string' || !contentType.startsWith('text/html'))
    throw new Error(`GET ${path} answered content-type ${String(contentType)}, expected HTML`);
  return { path, body: answer.body, contentType };
}

/**
 * Requests/s and latency of GET `path` from `next start` (value) and from the bare copy (baseline): the same
 * closed loop, one keep-alive agent per side with one socket per call in flight, alternating rounds.
 */
export async function comparePageThroughput(
  shape: LoadShape,
  path: string,
  nextOrigin: string,
  bareOrigin: string,
  meter?: CpuMeter,
): Promise<{ next: LoadResult; bare: LoadResult; cpu?: CpuReading }> {
  const nextAgent = new Agent({ keepAlive: true, maxSockets: shape.concurrency });
  const bareAgent = new Agent({ keepAlive: true, maxSockets: shape.concurrency });
  try {
    const compare = () =>
      compareInterleaved(
        shape,
        () => httpGetOk(`${nextOrigin}${path}`, nextAgent),
        () => httpGetOk(`${bareOrigin}${path}`, bareAgent),
      );
    if (!meter) {
      const result = await compare();
      return { next: result.value, bare: result.baseline };
    }
    // Both sides alternate within the reading; only next start's side reaches the BFF and the services, so their CPU
    // is divided by its requests (warm-up included). The load generator's covers both sides and the bare server.
    const { result, reading } = await meter.measure(
      `GET ${path}`,
      compare,
      (measured) => measured.value.completed + measured.warmupCompleted,
    );
    return { next: result.value, bare: result.baseline, cpu: reading };
  } finally {
    nextAgent.destroy();
    bareAgent.destroy();
  }
}
