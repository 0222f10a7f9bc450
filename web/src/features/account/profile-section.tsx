'use client';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { TextField } from '../../components/ui/text-field';
import type { ProfileChanges } from '../../lib/account-session';
import type { ApiResult, SessionUser } from '../../lib/api-result';
import { describeFailure } from '../auth/sign-in-flow';
import { useUiMessage, type UiMessage } from '../auth/ui-message';
import { AccountSection } from './account-section';

export interface ProfileSectionProps {
  user: SessionUser;
  updateProfile(changes: ProfileChanges): Promise<ApiResult<{ user: SessionUser }>>;
  onSaved(user: SessionUser): void;
}

/** The editable name and the (read-only) e-mail address. */
export function ProfileSection({ user, updateProfile, onSaved }: ProfileSectionProps) {
  const t = useTranslations('Account');
  const describe = useUiMessage();
  const [name, setName] = useState(user.displayName);
  const [saving, setSaving] = useState(false);
  const [fieldError, setFieldError] = useState<UiMessage>();
  const [formError, setFormError] = useState<UiMessage>();
  const [saved, setSaved] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setSaved(false);
    setFieldError(undefined);
    setFormError(undefined);
    const result = await updateProfile({ displayName: name });
    setSaving(false);
    if (result.ok) {
      setName(result.data.user.displayName);
      setSaved(true);
      onSaved(result.data.user);
      return;
    }
    const described = describeFailure(result, 'email');
    if (described.fieldErrors.displayName) setFieldError(described.fieldErrors.displayName);
    else setFormError(described.formError);
  };

  return (
    <AccountSection title={t('profile.title')} description={t('profile.description')} testId="account-profile">
      <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
        {formError && <FormAlert tone="error">{describe(formError)}</FormAlert>}
        {saved && <FormAlert tone="notice">{t('profile.saved')}</FormAlert>}
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
          <TextField
            id="displayName"
            name="displayName"
            label={t('nameLabel')}
            autoComplete="name"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
            error={fieldError ? describe(fieldError) : undefined}
            className="sm:min-w-72"
          />
          <Button type="submit" loading={saving}>
            {saving ? t('profile.saving') : t('profile.save')}
          </Button>
        </div>
      </form>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t('nameLabel')}</dt>
        <dd data-testid="account-name">{user.displayName || t('noName')}</dd>
        <dt className="text-muted-foreground">{t('emailLabel')}</dt>
        <dd data-testid="account-email">{user.email}</dd>
      </dl>
      <p className="text-sm text-muted-foreground">{t('profile.emailHint')}</p>
    </AccountSection>
  );
}
