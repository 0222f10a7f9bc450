'use client';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { FormAlert } from '../../components/ui/form-alert';
import { Field } from '../../components/ui/field';
import { controlClasses } from '../../components/ui/input';
import type { ProfileChanges } from '../../lib/account-session';
import type { ApiResult, SessionUser } from '../../lib/api-result';
import { describeFailure } from '../auth/sign-in-flow';
import { useUiMessage, type UiMessage } from '../auth/ui-message';
import { AccountSection } from './account-section';

export interface PreferencesSectionProps {
  locale: string;
  locales: readonly string[];
  updateProfile(changes: ProfileChanges): Promise<ApiResult<{ user: SessionUser }>>;
  onLocaleSaved(locale: string): void;
  colourModeControl?: ReactNode;
}

/** Language (saved on the account, then shown at once) and colour mode (kept in this browser). */
export function PreferencesSection({
  locale,
  locales,
  updateProfile,
  onLocaleSaved,
  colourModeControl,
}: PreferencesSectionProps) {
  const t = useTranslations('Account.preferences');
  const tHeader = useTranslations('Header');
  const describe = useUiMessage();
  const [selected, setSelected] = useState(locales.includes(locale) ? locale : locales[0]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<UiMessage>();

  const choose = async (next: string) => {
    const previous = selected;
    setSelected(next);
    setSaving(true);
    setError(undefined);
    const result = await updateProfile({ locale: next });
    setSaving(false);
    if (result.ok) {
      onLocaleSaved(result.data.user.locale);
      return;
    }
    setSelected(previous);
    setError(describeFailure(result, 'email').formError);
  };

  return (
    <AccountSection title={t('title')} testId="account-preferences">
      {error && <FormAlert tone="error">{describe(error)}</FormAlert>}
      <Field id="locale" label={t('language')} description={t('languageHint')}>
        <select
          name="locale"
          className={`${controlClasses} h-10 sm:max-w-72`}
          value={selected}
          disabled={saving}
          aria-busy={saving || undefined}
          onChange={(event) => void choose(event.target.value)}
        >
          {locales.map((option) => (
            <option key={option} value={option} lang={option}>
              {tHeader(`localeNames.${option}` as 'localeNames.en')}
            </option>
          ))}
        </select>
      </Field>
      {colourModeControl && (
        <div className="flex flex-col gap-1.5" data-testid="colour-mode">
          <span className="text-sm font-medium">{t('colourMode')}</span>
          <div>{colourModeControl}</div>
          <p className="text-sm text-muted-foreground">{t('colourModeHint')}</p>
        </div>
      )}
    </AccountSection>
  );
}
