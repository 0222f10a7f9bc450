'use client';
import { useTranslations } from 'next-intl';
import { Button } from '../../components/ui/button';

export interface SocialProviderOption {
  /** The configured id, e.g. "google". */
  id: string;
  /** The name on the button, e.g. "Google". */
  name: string;
}

export interface SocialSignInButtonsProps {
  providers: readonly SocialProviderOption[];
  /** Opens the provider's popup; the caller owns the popup and the session refetch. */
  onStart(providerId: string): void;
  /** The provider whose popup is open, if any: its button shows that we are waiting. */
  pendingProviderId?: string | null;
}

/** "or", then one "Continue with …" button per configured provider; nothing at all when none are configured. */
export function SocialSignInButtons({ providers, onStart, pendingProviderId }: SocialSignInButtonsProps) {
  const t = useTranslations('Social');
  if (providers.length === 0) return null;
  return (
    <div className="mt-6 flex flex-col gap-3" data-testid="social-sign-in">
      <div className="flex items-center gap-3 text-sm text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        {t('or')}
        <span className="h-px flex-1 bg-border" />
      </div>
      {providers.map((provider) => {
        const pending = pendingProviderId === provider.id;
        return (
          <Button
            key={provider.id}
            variant="outline"
            className="w-full"
            loading={pending}
            onClick={() => onStart(provider.id)}
          >
            {pending ? t('opening', { provider: provider.name }) : t('continueWith', { provider: provider.name })}
          </Button>
        );
      })}
    </div>
  );
}
