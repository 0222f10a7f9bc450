'use client';
import { Building2, PartyPopper } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { PlainLink, type LinkComponent } from '../../components/link-like';
import { buttonVariants } from '../../components/ui/button';
import type { ApiResult } from '../../lib/api-result';
import { DEFAULT_TIME_ZONE, type OrganisationSettingsInput, type OrganisationSummary } from '../../lib/organisations';
import { OrganisationForm } from './organisation-form';

export interface CreateOrganisationScreenProps {
  /** The person has no organisation yet: greet them and explain what an organisation is. */
  firstRun: boolean;
  /** Prefilled language (the person's own). */
  defaultLocale: string;
  /** POST /api/organisations. */
  createOrganisation(input: OrganisationSettingsInput): Promise<ApiResult<{ organisation: OrganisationSummary }>>;
  onCreated(organisation: OrganisationSummary): void;
  /** Where Cancel leads (the dashboard they came from); no Cancel on the first run. */
  cancelHref?: string;
  Link?: LinkComponent;
}

/**
 * /o/new: name, description, currency, language and time zone of a new organisation (the browser's zone once it
 * is known); the creator becomes its owner.
 */
export function CreateOrganisationScreen({
  firstRun,
  defaultLocale,
  createOrganisation,
  onCreated,
  cancelHref,
  Link = PlainLink,
}: CreateOrganisationScreenProps) {
  const t = useTranslations('Organisations.create');
  const Icon = firstRun ? PartyPopper : Building2;
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-6" data-testid="create-organisation">
      <header className="flex items-start gap-4">
        <div className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Icon aria-hidden className="size-6" />
        </div>
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{firstRun ? t('firstRunTitle') : t('title')}</h1>
          <p className="text-muted-foreground">{firstRun ? t('firstRunIntro') : t('intro')}</p>
        </div>
      </header>
      <div className="rounded-lg border border-border bg-card p-6 shadow-sm">
        <OrganisationForm
          initial={{
            name: '',
            description: '',
            currency: 'EUR',
            defaultLocale: defaultLocale === 'nl' ? 'nl' : 'en',
            timeZone: DEFAULT_TIME_ZONE,
          }}
          suggestBrowserTimeZone
          submit={createOrganisation}
          onSaved={(data) => onCreated(data.organisation)}
          submitLabel={t('submit')}
          submittingLabel={t('submitting')}
          extraActions={
            cancelHref && !firstRun ? (
              <Link href={cancelHref} className={buttonVariants({ variant: 'ghost' })}>
                {t('cancel')}
              </Link>
            ) : undefined
          }
          testId="create-organisation-form"
        />
      </div>
    </section>
  );
}
