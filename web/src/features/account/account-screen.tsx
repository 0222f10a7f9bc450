'use client';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { LayoutDashboard } from 'lucide-react';
import { PlainLink, type LinkComponent } from '../../components/link-like';
import { Button, buttonVariants } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import type { AccountSession, ProfileChanges } from '../../lib/account-session';
import type { ApiResult, SessionUser } from '../../lib/api-result';
import { describeFailure } from '../auth/sign-in-flow';
import { useUiMessage, type UiMessage } from '../auth/ui-message';
import { PreferencesSection } from './preferences-section';
import { ProfileSection } from './profile-section';
import { SessionsSection } from './sessions-section';

export interface AccountScreenProps {
  user: SessionUser;
  /** The active sessions as the server saw them when rendering the page. */
  sessions: AccountSession[];
  /** The locales the UI speaks, in display order. */
  locales: readonly string[];
  /** Locale-free path of the user's organiser dashboard. */
  dashboardHref: string;
  /** The host's locale-aware link; a plain anchor by default. */
  Link?: LinkComponent;
  /** PATCH /api/account/profile. */
  updateProfile(changes: ProfileChanges): Promise<ApiResult<{ user: SessionUser }>>;
  /** GET /api/account/sessions. */
  listSessions(): Promise<ApiResult<{ sessions: AccountSession[] }>>;
  /** POST /api/account/sessions/end-others. */
  endOtherSessions(): Promise<ApiResult<{ endedCount: number }>>;
  /** DELETE /api/account/sessions/{id}. */
  endSession(sessionId: string): Promise<ApiResult<unknown>>;
  /** Called once the language preference is saved, to show the UI in it. */
  onLocaleSaved(locale: string): void;
  /** Ends this browser's session (DELETE /api/_auth/session). */
  signOut(): Promise<ApiResult<unknown>>;
  /** Called after the session ended, to leave the page. */
  onSignedOut(): void;
  /** The colour-mode control (the theme toggle); a slot so the screen renders without a theme provider. */
  colourModeControl?: ReactNode;
}

/** /account: profile, e-mail, preferences (language, colour mode) and the active sessions. */
export function AccountScreen(props: AccountScreenProps) {
  const { user, signOut, onSignedOut, Link = PlainLink } = props;
  const t = useTranslations('Account');
  const describe = useUiMessage();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<UiMessage>();
  const [current, setCurrent] = useState(user);

  const handleSignOut = async () => {
    setPending(true);
    setError(undefined);
    const result = await signOut();
    if (result.ok) {
      onSignedOut();
      return;
    }
    setPending(false);
    setError(describeFailure(result, 'email').formError);
  };

  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-8" data-testid="account-screen">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <Link href={props.dashboardHref} className={buttonVariants()}>
          <LayoutDashboard aria-hidden />
          {t('toDashboard')}
        </Link>
      </header>
      {error && <FormAlert tone="error">{describe(error)}</FormAlert>}
      <ProfileSection user={current} updateProfile={props.updateProfile} onSaved={setCurrent} />
      <PreferencesSection
        locale={current.locale}
        locales={props.locales}
        updateProfile={props.updateProfile}
        onLocaleSaved={props.onLocaleSaved}
        colourModeControl={props.colourModeControl}
      />
      <SessionsSection
        initialSessions={props.sessions}
        listSessions={props.listSessions}
        endOtherSessions={props.endOtherSessions}
        endSession={props.endSession}
      />
      <div>
        <Button
          variant="outline"
          onClick={() => void handleSignOut()}
          disabled={pending}
          aria-busy={pending || undefined}
        >
          {pending ? t('signingOut') : t('signOut')}
        </Button>
      </div>
    </section>
  );
}
