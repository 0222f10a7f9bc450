'use client';
import { isCrawlerUserAgent } from '@kassa/web/lib/crawler-user-agent';
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** Whether a search-engine bot or page-speed crawler runs this page: null on the server, where it is not known. */
export function useIsCrawler(): boolean | null {
  return useSyncExternalStore<boolean | null>(
    subscribe,
    () => isCrawlerUserAgent(navigator.userAgent),
    () => null,
  );
}
