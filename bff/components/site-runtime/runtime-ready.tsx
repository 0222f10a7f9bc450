'use client';
import { useEffect } from 'react';

/**
 * Marks <html data-kassa-runtime="ready"> once the browser-side services above it have started (effects run
 * in order), so automated checks act on a hydrated page instead of guessing with timeouts.
 */
export function RuntimeReady() {
  useEffect(() => {
    document.documentElement.dataset.kassaRuntime = 'ready';
  }, []);
  return null;
}
