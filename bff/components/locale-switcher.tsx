'use client';
import { LanguageSwitch } from '@kassa/web/components/language-switch';
import { useLocale } from 'next-intl';
import { Link, usePathname } from '../i18n/navigation';
import { routing } from '../i18n/routing';

/** The current page in each language; next-intl's Link also stores the choice in the locale cookie. */
export function LocaleSwitcher() {
  const locale = useLocale();
  const pathname = usePathname();
  return (
    <LanguageSwitch
      current={locale}
      options={routing.locales.map((option) => ({ locale: option, href: pathname }))}
      Link={Link}
    />
  );
}
