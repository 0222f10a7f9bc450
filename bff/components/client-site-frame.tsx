'use client';
import { SiteHeader } from '@kassa/web/components/site-header';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Link } from '../i18n/navigation';
import { LocaleSwitcher } from './locale-switcher';

/**
 * The site header and main area for the pages Next renders on its own (not-found, forbidden): client-side, so
 * that their boundaries, sent with every page, do not read the request and keep public pages prerenderable.
 */
export function ClientSiteFrame({ children }: { children: ReactNode }) {
  const t = useTranslations('Common');
  const tHeader = useTranslations('Header');
  return (
    <>
      <SiteHeader title={t('productTitle')} homeHref="/" homeLabel={tHeader('home')} Link={Link}>
        <LocaleSwitcher />
      </SiteHeader>
      <main className="flex-1 px-4 py-8">{children}</main>
    </>
  );
}
