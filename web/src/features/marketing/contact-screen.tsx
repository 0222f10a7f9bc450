import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Card, CardContent } from '../../components/ui/card';

export interface ContactScreenProps {
  /** The contact form, bound to the host's API. */
  form: ReactNode;
}

/** The contact page: who to ask what, and the form. */
export function ContactScreen({ form }: ContactScreenProps) {
  const t = useTranslations('Marketing.contact');
  return (
    <section aria-labelledby="contact-title" className="mx-auto flex w-full max-w-2xl flex-col gap-6 py-6 sm:py-10">
      <div className="flex flex-col gap-3">
        <h1 id="contact-title" className="text-3xl font-bold tracking-tight">
          {t('title')}
        </h1>
        <p className="text-pretty text-muted-foreground">{t('intro')}</p>
        <p className="text-pretty text-sm text-muted-foreground">{t('ticketsHint')}</p>
      </div>
      <Card>
        <CardContent className="pt-5">{form}</CardContent>
      </Card>
    </section>
  );
}
