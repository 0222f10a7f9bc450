'use client';
import {
  CHUNK_RELOAD_STORAGE_KEY,
  isBuildAssetUrl,
  isChunkLoadError,
  parseReloadLog,
  recordChunkReload,
  shouldReloadForChunkError,
} from '@kassa/web/lib/chunk-reload';
import { useEffect } from 'react';

function readLog() {
  try {
    return parseReloadLog(window.sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY));
  } catch {
    return {};
  }
}

/**
 * Reloads the page after a chunk failed to load, at most once per path within the guard window; returns whether
 * it reloads. Without sessionStorage (blocked) it does not reload at all: no guard, no loop.
 */
export function reloadAfterChunkError(): boolean {
  const path = window.location.pathname;
  const now = Date.now();
  const log = readLog();
  if (!shouldReloadForChunkError(log, path, now)) return false;
  try {
    window.sessionStorage.setItem(CHUNK_RELOAD_STORAGE_KEY, JSON.stringify(recordChunkReload(log, path, now)));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** Listens for chunk-load failures (a script of the build that fails, a rejected dynamic import). Renders nothing. */
export function ChunkLoadRecovery() {
  useEffect(() => {
    const onError = (event: Event) => {
      const target = event.target;
      // A failing <script> or stylesheet fires a non-bubbling 'error' on the element: caught here in the capture phase.
      const assetUrl =
        target instanceof HTMLScriptElement
          ? target.src
          : target instanceof HTMLLinkElement && target.rel === 'stylesheet'
            ? target.href
            : undefined;
      if (assetUrl && isBuildAssetUrl(assetUrl, window.location.origin)) reloadAfterChunkError();
      else if (event instanceof ErrorEvent && isChunkLoadError(event.error)) reloadAfterChunkError();
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) reloadAfterChunkError();
    };
    window.addEventListener('error', onError, true);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError, true);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return null;
}
