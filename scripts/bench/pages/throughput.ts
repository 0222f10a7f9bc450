import { Agent } from 'node:http';
import { compareInterleaved, type LoadResult, type LoadShape } from '../lib/closed-loop';
import { httpGetOk } from '../lib/http-get';
import type { PageSnapshot } from './bare-copy-server';

/** Fetches a page once from `next start`: the bytes the bare server will serve. */
export async function snapshotPage(nextOrigin: string, path: string): Promise<PageSnapshot> {
  const answer = await httpGetOk(`${nextOrigin}${path}`);
  const contentType = answer.headers['content-type'];
  if (typeof contentType !== 'string' || !contentType.startsWith('text/html')) throw new Error(`GET ${path} answered content-type ${String(contentType)}, expected HTML`);
  return { path, body: answer.body, contentType };
}

/**
 * Requests/s and latency of GET `path` from `next start` (value) and from the bare copy (baseline): the same
 * closed loop, one keep-alive agent per side with one socket per call in flight, alternating rounds.
 */
export async function comparePageThroughput(shape: LoadShape, path: string, nextOrigin: string, bareOrigin: string): Promise<{ next: LoadResult; bare: LoadResult }> {
  const nextAgent = new Agent({ keepAlive: true, maxSockets: shape.concurrency });
  const bareAgent = new Agent({ keepAlive: true, maxSockets: shape.concurrency });
  try {
    const result = await compareInterleaved(
      shape,
      () => httpGetOk(`${nextOrigin}${path}`, nextAgent),
      () => httpGetOk(`${bareOrigin}${path}`, bareAgent),
    );
    return { next: result.value, bare: result.baseline };
  } finally {
    nextAgent.destroy();
    bareAgent.destroy();
  }
}
