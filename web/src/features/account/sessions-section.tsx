'use client';
import { Laptop } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import type { AccountSession } from '../../lib/account-session';
import type { ApiResult } from '../../lib/api-result';
import { describeFailure } from '../auth/sign-in-flow';
import { useUiMessage, type UiMessage } from '../auth/ui-message';
import { AccountSection } from './account-section';
import { useFormatter } from '../../lib/formatter';

export interface SessionsSectionProps {
  initialSessions: AccountSession[];
  listSessions(): Promise<ApiResult<{ sessions: AccountSession[] }>>;
  endOtherSessions(): Promise<ApiResult<{ endedCount: number }>>;
  endSession(sessionId: string): Promise<ApiResult<unknown>>;
}

type Notice = { kind: 'endedOthers'; count: number } | { kind: 'ended' };

/** Where the person is signed in, with per-session sign-out and "Sign out of other sessions". */
export function SessionsSection({ initialSessions, listSessions, endOtherSessions, endSession }: SessionsSectionProps) {
  const t = useTranslations('Account.sessions');
  const describe = useUiMessage();
  const [sessions, setSessions] = useState(initialSessions);
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<UiMessage>();
  const [notice, setNotice] = useState<Notice>();
  const others = sessions.filter((session) => !session.current);

  const refresh = async () => {
    const listed = await listSessions();
    if (listed.ok) setSessions(listed.data.sessions);
    else setError({ kind: 'text', text: t('loadFailed') });
  };

  const run = async (key: string, action: () => Promise<ApiResult<unknown>>, onDone: (data: unknown) => Notice) => {
    setBusy(key);
    setError(undefined);
    setNotice(undefined);
    const result = await action();
    if (result.ok) {
      setNotice(onDone(result.data));
      await refresh();
    } else {
      setError(describeFailure(result, 'email').formError);
    }
    setBusy(undefined);
  };

  return (
    <AccountSection title={t('title')} description={t('description')} testId="account-sessions">
      {error && <FormAlert tone="error">{describe(error)}</FormAlert>}
      {notice && (
        <FormAlert tone="notice">
          {notice.kind === 'ended' ? t('ended') : t('endedOthers', { count: notice.count })}
        </FormAlert>
      )}
      <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
        {sessions.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            busy={busy === session.id}
            disabled={busy !== undefined}
            onEnd={() =>
              void run(
                session.id,
                () => endSession(session.id),
                () => ({ kind: 'ended' }),
              )
            }
          />
        ))}
      </ul>
      {others.length > 0 ? (
        <div>
          <Button
            variant="outline"
            loading={busy === 'others'}
            disabled={busy !== undefined}
            onClick={() =>
              void run('others', endOtherSessions, (data) => ({
                kind: 'endedOthers',
                count: (data as { endedCount: number }).endedCount,
              }))
            }
          >
            {t('signOutOthers')}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="no-other-sessions">
          {t('noOthers')}
        </p>
      )}
    </AccountSection>
  );
}

function SessionRow({
  session,
  busy,
  disabled,
  onEnd,
}: {
  session: AccountSession;
  busy: boolean;
  disabled: boolean;
  onEnd(): void;
}) {
  const t = useTranslations('Account.sessions');
  const format = useFormatter();
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  const device = session.userAgent || t('unknownDevice');
  return (
    <li
      className="flex flex-wrap items-center gap-4 p-4"
      data-testid="session-row"
      data-current={session.current || undefined}
    >
      <Laptop aria-hidden className="size-5 shrink-0 text-muted-foreground" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span>{device}</span>
          {session.current && (
            <span
              className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary"
              data-testid="current-session"
            >
              {t('current')}
            </span>
          )}
        </p>
        <p className="text-sm text-muted-foreground">
          {session.clientIp || t('unknownAddress')} · {t('lastSeen', { date: when(session.lastSeenAt) })}
        </p>
        <p className="text-xs text-muted-foreground">{t('signedIn', { date: when(session.createdAt) })}</p>
      </div>
      {!session.current && (
        <Button
          variant="ghost"
          size="sm"
          loading={busy}
          disabled={disabled}
          onClick={onEnd}
          aria-label={t('signOutSessionOf', { device })}
        >
          {t('signOutSession')}
        </Button>
      )}
    </li>
  );
}
