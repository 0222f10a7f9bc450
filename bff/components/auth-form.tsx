'use client';
import { SignInScreen, type AuthMode } from '@kassa/web/features/auth/sign-in-screen';
import type { SocialProviderOption } from '@kassa/web/features/auth/social-sign-in-buttons';
import type { RequestCodeInput, SessionUser } from '@kassa/web/lib/api-result';
import { useLocale, useTranslations } from 'next-intl';
import { getPathname, Link } from '../i18n/navigation';
import { callApi } from '../lib/api-client';
import { safeNextPath } from '../lib/safe-next-path';
import { SocialSignIn } from './social-sign-in';

export interface AuthFormProps {
  mode: AuthMode;
  /** The `next` query parameter, unchecked. */
  next?: string;
  /** Configured social sign-in providers; their buttons show only when there are any. */
  providers?: readonly SocialProviderOption[];
}

export function AuthForm({ mode, next, providers = [] }: AuthFormProps) {
  const locale = useLocale();
  const t = useTranslations('Auth');
  const safeNext = safeNextPath(next);
  const otherForm = mode === 'sign-in' ? '/sign-up' : '/sign-in';
  const otherHref = safeNext ? { pathname: otherForm, query: { next: safeNext } } : otherForm;

  const requestCode = (input: RequestCodeInput) =>
    callApi<{ expiresAt: string }>('POST', '/api/_auth/sign-in-code', { ...input, purpose: mode, locale });
  const verifyCode = (code: string) => callApi<{ user: SessionUser }>('POST', '/api/_auth/verify', { code });
  // A full page load, so that every server component sees the new session cookie. Without a `next`, the dashboard
  // (/o opens the organisation used last, or offers to create the first one).
  const onSignedIn = () => window.location.assign(safeNext ?? getPathname({ href: '/o', locale }));

  return (
    <>
      <SignInScreen
        mode={mode}
        requestCode={requestCode}
        verifyCode={verifyCode}
        onSignedIn={onSignedIn}
        switchLink={
          <>
            {mode === 'sign-in' ? t('noAccount') : t('haveAccount')}{' '}
            <Link href={otherHref} className="text-secondary underline underline-offset-4 hover:decoration-2">
              {mode === 'sign-in' ? t('toSignUp') : t('toSignIn')}
            </Link>
          </>
        }
      />
      {providers.length > 0 && (
        <div className="mx-auto w-full max-w-sm">
          <SocialSignIn providers={providers} locale={locale} onSignedIn={onSignedIn} />
        </div>
      )}
    </>
  );
}
