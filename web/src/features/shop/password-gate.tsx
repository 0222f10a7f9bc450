'use client';
// A password-protected shop shows only this form until the guest gives the right password; the BFF then keeps an
// access token in an HttpOnly cookie for this shop and the page is loaded again.
import { LockKeyhole } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { Input } from '../../components/ui/input';
import type { ApiResult } from '../../lib/api-result';

export interface PasswordGateProps {
  shopName: string;
  unlock: (password: string) => Promise<ApiResult<unknown>>;
  /** After the cookie is set: show the shop. */
  onUnlocked: () => void;
}

export function PasswordGate({ shopName, unlock, onUnlocked }: PasswordGateProps) {
  const t = useTranslations('PublicShop.gate');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    setPending(true);
    setError('');
    const result = await unlock(password);
    if (result.ok) {
      onUnlocked();
      return;
    }
    setPending(false);
    setError(result.status === 403 ? t('wrong') : result.status === 429 ? t('tooMany') : t('failed'));
  };

  return (
    <section
      aria-labelledby="gate-title"
      className="mx-auto flex w-full max-w-md flex-col gap-5 rounded-lg border border-border bg-card p-6 text-card-foreground shadow-sm"
      data-testid="password-gate"
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-muted text-primary">
        <LockKeyhole aria-hidden className="size-6" />
      </div>
      <div className="flex flex-col gap-1">
        <p className="text-sm text-muted-foreground">{shopName}</p>
        <h1 id="gate-title" className="text-2xl font-semibold tracking-tight">
          {t('title')}
        </h1>
        <p className="text-sm text-muted-foreground">{t('hint')}</p>
      </div>
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        {error && <FormAlert tone="error">{error}</FormAlert>}
        <div className="flex flex-col gap-1.5">
          <label htmlFor="shop-password" className="text-sm font-medium">
            {t('password')}
          </label>
          <Input
            id="shop-password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={100}
            value={password}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <Button type="submit" loading={pending} disabled={!password}>
          {t('submit')}
        </Button>
      </form>
    </section>
  );
}
