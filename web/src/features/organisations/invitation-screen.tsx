'use client';
import { Check, MailWarning, Users } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import type { ApiResult } from '../../lib/api-result';
import { permissionMessageKey, sortPermissions, type InvitationDetails } from '../../lib/organisations';
import { usePresetLabel } from './permission-fields';
import { useFailureMessage } from './use-failure-message';
import { useFormatter } from '../../lib/formatter';

export interface InvitationScreenProps {
  invitation: InvitationDetails;
  /** The address of the account that is signed in. */
  signedInAs: string;
  /** POST /api/invitations/{token}/accept. */
  accept(): Promise<ApiResult<{ organisationId: string }>>;
  onAccepted(organisationId: string): void;
  /** Signs out and goes to sign in again, coming back to this link. */
  switchAccount(): Promise<void>;
}

/** Whether the signed-in account is the one invited (identity stores the invited address lower-cased). */
export function isInvitedAccount(invitation: InvitationDetails, signedInAs: string): boolean {
  return invitation.email.trim().toLowerCase() === signedInAs.trim().toLowerCase();
}

/** /account/invitations/{token}: who invites you to which organisation with which permissions, and Accept. */
export function InvitationScreen({ invitation, signedInAs, accept, onAccepted, switchAccount }: InvitationScreenProps) {
  const t = useTranslations('Organisations');
  const format = useFormatter();
  const presetLabel = usePresetLabel();
  const describeFailure = useFailureMessage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const matches = isInvitedAccount(invitation, signedInAs);
  const intro = invitation.invitedBy
    ? t('invitation.intro', { inviter: invitation.invitedBy, organisation: invitation.organisationName })
    : t('invitation.introNoInviter', { organisation: invitation.organisationName });

  const onAccept = async () => {
    setBusy(true);
    setError(undefined);
    const result = await accept();
    if (result.ok) {
      onAccepted(result.data.organisationId);
      return;
    }
    setBusy(false);
    setError(describeFailure(result));
  };

  const onSwitch = async () => {
    setBusy(true);
    await switchAccount();
  };

  return (
    <section
      className="mx-auto flex w-full max-w-xl flex-col gap-6 rounded-lg border border-border bg-card p-6 shadow-sm"
      data-testid="invitation-screen"
    >
      <header className="flex items-start gap-4">
        <div className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Users aria-hidden className="size-6" />
        </div>
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('invitation.title')}</h1>
          <p className="text-muted-foreground" data-testid="invitation-intro">
            {intro}
          </p>
        </div>
      </header>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-sm font-semibold">{t('invitation.permissionsHeading')}</h2>
          <Badge tone="outline">
            {t('invitation.role', { role: presetLabel(invitation.preset, invitation.permissions) })}
          </Badge>
        </div>
        <ul className="flex flex-col gap-1.5 text-sm" data-testid="invitation-permissions">
          {sortPermissions(invitation.permissions).map((permission) => {
            const key = permissionMessageKey(permission) as 'owner';
            return (
              <li key={permission} className="flex items-start gap-2">
                <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                <span>
                  <span className="font-medium">{t(`permissions.${key}`)}</span>
                  <span className="text-muted-foreground"> — {t(`permissionHints.${key}`)}</span>
                </span>
              </li>
            );
          })}
        </ul>
      </div>
      <p className="text-sm text-muted-foreground">
        {t('invitation.expires', { date: format.dateTime(new Date(invitation.expiresAt), { dateStyle: 'long' }) })}
      </p>
      {error && <FormAlert tone="error">{error}</FormAlert>}
      {matches ? (
        <div>
          <Button onClick={() => void onAccept()} loading={busy} data-testid="invitation-accept">
            {busy ? t('invitation.accepting') : t('invitation.accept')}
          </Button>
        </div>
      ) : (
        <div
          className="flex flex-col gap-3 rounded-md border border-warning/40 bg-warning-muted p-4"
          role="alert"
          data-testid="invitation-wrong-account"
        >
          <div className="flex items-start gap-2">
            <MailWarning aria-hidden className="mt-0.5 size-5 shrink-0 text-warning" />
            <div className="flex flex-col gap-1">
              <h2 className="font-semibold">{t('invitation.wrongAccountTitle')}</h2>
              <p className="text-sm">
                {t('invitation.wrongAccount', { invited: invitation.email, current: signedInAs })}
              </p>
            </div>
          </div>
          <div>
            <Button
              variant="outline"
              onClick={() => void onSwitch()}
              loading={busy}
              data-testid="invitation-switch-account"
            >
              {t('invitation.switchAccount')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
