'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { FormAlert } from '../../components/ui/form-alert';
import type { ApiResult } from '../../lib/api-result';
import type { OrganisationSettingsInput, OrganisationSummary } from '../../lib/organisations';
import { OrganisationForm } from './organisation-form';

export interface GeneralSettingsScreenProps {
  organisation: OrganisationSummary;
  /** Holds "organisation.settings"; others see the settings read-only. */
  canEdit: boolean;
  /** PATCH /api/organisations/{orgId}. */
  updateOrganisation(input: OrganisationSettingsInput): Promise<ApiResult<{ organisation: OrganisationSummary }>>;
  /** After a save (the host refreshes the frame, whose switcher shows the name). */
  onSaved(organisation: OrganisationSummary): void;
}

/** Settings › Overview: the organisation's general settings. */
export function GeneralSettingsScreen({
  organisation,
  canEdit,
  updateOrganisation,
  onSaved,
}: GeneralSettingsScreenProps) {
  const t = useTranslations('Organisations.general');
  const [saved, setSaved] = useState(false);
  return (
    <section className="flex flex-col gap-4" data-testid="general-settings">
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">{t('title')}</h2>
        <p className="text-sm text-muted-foreground">{t('intro')}</p>
      </div>
      {!canEdit && <FormAlert tone="notice">{t('readOnly')}</FormAlert>}
      {saved && <FormAlert tone="notice">{t('saved')}</FormAlert>}
      <OrganisationForm
        initial={{
          name: organisation.name,
          description: organisation.description,
          currency: organisation.currency,
          defaultLocale: organisation.defaultLocale,
          timeZone: organisation.timeZone,
        }}
        readOnly={!canEdit}
        submit={async (input) => {
          setSaved(false);
          return updateOrganisation(input);
        }}
        onSaved={(data) => {
          setSaved(true);
          onSaved(data.organisation);
        }}
        submitLabel={t('save')}
        submittingLabel={t('saving')}
        testId="general-settings-form"
      />
    </section>
  );
}
