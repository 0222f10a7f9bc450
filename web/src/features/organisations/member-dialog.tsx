'use client';
import { useTranslations } from 'next-intl';
import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { ruleWordsFrom } from '../../components/ui/form';
import { FormAlert } from '../../components/ui/form-alert';
import { TextField } from '../../components/ui/text-field';
import type { ApiResult } from '../../lib/api-result';
import { inviteSchema, memberChangesSchema, type MemberFieldLabels } from '../../lib/organisation-rules';
import { EMAIL_MAX_LENGTH } from '../../lib/auth-rules';
import { MEMBER_NAME_MAX_LENGTH, PRESETS, type InviteInput, type Permission } from '../../lib/organisations';
import { PermissionFields } from './permission-fields';
import { useFailureMessage } from './use-failure-message';

type Field = keyof InviteInput;
type Errors = Partial<Record<Field, string>>;

/** The first message per field of a failed parse. */
function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

export interface MemberDialogProps {
  /** 'invite' asks for an e-mail address; 'edit' changes an existing member (whose address cannot change). */
  mode: 'invite' | 'edit';
  open: boolean;
  onOpenChange(open: boolean): void;
  /** For 'edit': the member's current values; for 'invite': empty, Scanner ticked. */
  initial?: InviteInput;
  /** Whose name the edit dialog's title shows. */
  name?: string;
  grantable: readonly Permission[];
  /** Sends the values; a 409 is the last-owner rule (edit) or an existing member (invite). */
  submit(input: InviteInput): Promise<ApiResult<unknown>>;
  onDone(input: InviteInput): void;
}

/** Invite a member, or edit a member's name and permissions: names, a role and the permission checkboxes. */
export function MemberDialog({
  mode,
  open,
  onOpenChange,
  initial,
  name,
  grantable,
  submit,
  onDone,
}: MemberDialogProps) {
  const t = useTranslations('Organisations');
  const tRules = useTranslations('Ui.form');
  const tErrors = useTranslations('Errors');
  const describeFailure = useFailureMessage();
  const empty: InviteInput = { email: '', firstName: '', lastName: '', permissions: [...PRESETS.scanner] };
  const [values, setValues] = useState<InviteInput>(initial ?? empty);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const labels: MemberFieldLabels = useMemo(
    () => ({
      email: t('fields.email'),
      firstName: t('fields.firstName'),
      lastName: t('fields.lastName'),
      permissions: t('fields.permissions'),
    }),
    [t],
  );
  const schema = useMemo(
    () =>
      mode === 'invite'
        ? inviteSchema(labels, ruleWordsFrom(tRules))
        : memberChangesSchema(labels, ruleWordsFrom(tRules)),
    [mode, labels, tRules],
  );

  const reset = (next: boolean) => {
    if (next) {
      setValues(initial ?? empty);
      setErrors({});
      setFormError(undefined);
    }
    onOpenChange(next);
  };

  const change = (field: Field, value: string | string[]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      setFormError(tErrors('genericForm'));
      return;
    }
    const input = { email: values.email.trim(), ...parsed.data } as InviteInput;
    setBusy(true);
    setFormError(undefined);
    const result = await submit(input);
    setBusy(false);
    if (result.ok) {
      onDone(input);
      onOpenChange(false);
      return;
    }
    setErrors(result.fields as Errors);
    setFormError(describeFailure(result, mode === 'invite' ? 'alreadyMember' : 'lastOwner'));
  };

  const prefix = mode === 'invite' ? 'invite' : 'edit-member';
  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogContent className="max-w-2xl" data-testid={`${prefix}-dialog`}>
        <DialogHeader>
          <DialogTitle>
            {mode === 'invite' ? t('memberDialog.inviteTitle') : t('memberDialog.editTitle', { name: name ?? '' })}
          </DialogTitle>
          <DialogDescription>
            {mode === 'invite' ? t('memberDialog.inviteDescription') : t('memberDialog.editDescription')}
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
          {formError && <FormAlert tone="error">{formError}</FormAlert>}
          <fieldset disabled={busy} className="flex flex-col gap-4">
            {mode === 'invite' && (
              <TextField
                id={`${prefix}-email`}
                label={labels.email}
                type="email"
                autoComplete="off"
                maxLength={EMAIL_MAX_LENGTH}
                value={values.email}
                onChange={(event) => change('email', event.target.value)}
                error={errors.email}
              />
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                id={`${prefix}-firstName`}
                label={labels.firstName}
                autoComplete="off"
                maxLength={MEMBER_NAME_MAX_LENGTH}
                value={values.firstName}
                onChange={(event) => change('firstName', event.target.value)}
                error={errors.firstName}
              />
              <TextField
                id={`${prefix}-lastName`}
                label={labels.lastName}
                autoComplete="off"
                maxLength={MEMBER_NAME_MAX_LENGTH}
                value={values.lastName}
                onChange={(event) => change('lastName', event.target.value)}
                error={errors.lastName}
              />
            </div>
            <PermissionFields
              idPrefix={prefix}
              value={values.permissions}
              onChange={(permissions) => change('permissions', permissions)}
              grantable={grantable}
              error={errors.permissions}
            />
          </fieldset>
          <DialogFooter>
            <Button variant="outline" onClick={() => reset(false)} disabled={busy}>
              {t('members.cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid={`${prefix}-submit`}>
              {mode === 'invite'
                ? busy
                  ? t('memberDialog.inviteSubmitting')
                  : t('memberDialog.inviteSubmit')
                : busy
                  ? t('memberDialog.editSubmitting')
                  : t('memberDialog.editSubmit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
