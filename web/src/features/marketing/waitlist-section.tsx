import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

export interface WaitlistSectionProps {
  /** The sign-up form (a client component the host binds to its API). */
  form: ReactNode;
}

/** The waitlist headline with its sign-up form. */
export function WaitlistSection({ form }: WaitlistSectionProps) {
  const t = useTranslations('Marketing.waitlist');
  return (
    <section
      id="waitlist"
      aria-labelledby="waitlist-title"
      className="mx-auto flex w-full max-w-2xl scroll-mt-20 flex-col gap-4 py-12 text-center"
    >
      <h2 id="waitlist-title" className="text-balance text-3xl font-bold tracking-tight">
        {t('title')}
      </h2>
      <p className="text-pretty text-muted-foreground">{t('intro')}</p>
      {form}
    </section>
  );
}
