import { Check } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { buttonVariants } from '../../components/ui/button';

const HIGHLIGHTS = ['free', 'perTicket', 'languages'] as const;

/** The opening of the landing page: what Kassa is, for whom, and the two next steps. */
export function HeroSection() {
  const t = useTranslations('Marketing.hero');
  return (
    <section
      aria-labelledby="hero-title"
      className="mx-auto flex w-full max-w-3xl flex-col items-center gap-6 py-10 text-center sm:py-16"
    >
      <p className="text-sm font-semibold uppercase tracking-wide text-primary">{t('eyebrow')}</p>
      <h1 id="hero-title" className="text-balance text-4xl font-bold tracking-tight sm:text-5xl">
        {t('title')}
      </h1>
      <p className="max-w-2xl text-pretty text-lg text-muted-foreground">{t('intro')}</p>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        {/* In-page anchors: plain links, no client navigation needed. */}
        <a href="#waitlist" className={buttonVariants({ size: 'lg' })}>
          {t('joinWaitlist')}
        </a>
        <a href="#pricing" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
          {t('seePricing')}
        </a>
      </div>
      <ul className="flex flex-col gap-2 text-sm text-muted-foreground sm:flex-row sm:gap-6">
        {HIGHLIGHTS.map((key) => (
          <li key={key} className="flex items-center justify-center gap-1.5">
            <Check aria-hidden className="size-4 text-primary" />
            {t(`highlights.${key}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
