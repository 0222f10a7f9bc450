import {
  CHUNK_RELOAD_WINDOW_MS,
  isBuildAssetUrl,
  isChunkLoadError,
  parseReloadLog,
  recordChunkReload,
  shouldReloadForChunkError,
} from '../../src/lib/chunk-reload';

describe('chunk-reload guard', () => {
  const t0 = 1_800_000_000_000;

  it("is the spec's 10 s window", () => {
    expect(CHUNK_RELOAD_WINDOW_MS).toBe(10_000);
  });

  it('reloads a path once, then not again within 10 s, then again after', () => {
    expect(shouldReloadForChunkError({}, '/event/x', t0)).toBe(true);
    const log = recordChunkReload({}, '/event/x', t0);
    expect(shouldReloadForChunkError(log, '/event/x', t0 + 1)).toBe(false);
    expect(shouldReloadForChunkError(log, '/event/x', t0 + 9_999)).toBe(false);
    expect(shouldReloadForChunkError(log, '/event/x', t0 + 10_000)).toBe(true);
  });

  it('guards each path on its own', () => {
    const log = recordChunkReload({}, '/a', t0);
    expect(shouldReloadForChunkError(log, '/b', t0 + 1)).toBe(true);
  });

  it('does not trust a timestamp from the future (clock changed)', () => {
    expect(shouldReloadForChunkError({ '/a': t0 + 60_000 }, '/a', t0)).toBe(true);
  });

  it('forgets entries that can no longer block', () => {
    const log = recordChunkReload({ '/old': t0 - 20_000, '/recent': t0 - 5_000 }, '/new', t0);
    expect(log).toEqual({ '/recent': t0 - 5_000, '/new': t0 });
  });

  it('reads a stored log and ignores garbage', () => {
    expect(parseReloadLog(JSON.stringify({ '/a': t0, '/b': 'x' }))).toEqual({ '/a': t0 });
    expect(parseReloadLog('not json')).toEqual({});
    expect(parseReloadLog('[1]')).toEqual({});
    expect(parseReloadLog(null)).toEqual({});
  });

  it('recognises chunk-load errors', () => {
    expect(isChunkLoadError(Object.assign(new Error('Loading chunk 123 failed.'), { name: 'ChunkLoadError' }))).toBe(
      true,
    );
    expect(
      isChunkLoadError(new Error('Loading chunk app/page failed.\n(error: http://x/_next/static/chunks/a.js)')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Failed to load chunk /_next/static/chunks/abc.js from module 1'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('ChunkLoadError')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it("recognises the build's own assets only", () => {
    const origin = 'http://localhost:3000';
    expect(isBuildAssetUrl('http://localhost:3000/_next/static/chunks/a.js', origin)).toBe(true);
    expect(isBuildAssetUrl('/_next/static/css/a.css', origin)).toBe(true);
    expect(isBuildAssetUrl('https://cdn.example/_next/static/chunks/a.js', origin)).toBe(false);
    expect(isBuildAssetUrl('http://localhost:3000/api/build', origin)).toBe(false);
  });
});
