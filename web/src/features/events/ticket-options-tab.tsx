'use client';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { DataTable, type ColumnDef } from '../../components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { EmptyStatePreset } from '../../components/ui/empty-state';
import { Form, FormField, useZodForm } from '../../components/ui/form';
import { FormAlert } from '../../components/ui/form-alert';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { otherLocale, type TicketOptionInput, type TicketOptionView, translationFor } from '../../lib/event-model';
import { type TicketOptionFormValues, ticketOptionFormSchema } from '../../lib/event-rules';
import type { EventActions } from './event-actions';
import { CountField, showFailure, useRuleSet } from './form-support';
import { useFormatter } from '../../lib/formatter';

export interface TicketOptionsTabProps {
  ticketOptions: TicketOptionView[];
  canEdit: boolean;
  ownLocale: string;
  actions: Pick<EventActions, 'createTicketOption' | 'updateTicketOption' | 'deleteTicketOption'>;
  refresh(): void;
}

type Editing = { kind: 'new' } | { kind: 'edit'; option: TicketOptionView };

export function TicketOptionsTab({ ticketOptions, canEdit, ownLocale, actions, refresh }: TicketOptionsTabProps) {
  const t = useTranslations('Events.ticketOptions');
  const tForm = useTranslations('Events.form');
  const tErrors = useTranslations('Events.errors');
  const format = useFormatter();
  const [editing, setEditing] = useState<Editing>();
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();

  const remove = async (option: TicketOptionView) => {
    setNotice(undefined);
    setError(undefined);
    const result = await actions.deleteTicketOption(option.id);
    // 404: someone else removed it already; either way it is gone.
    if (!result.ok && result.status !== 404) {
      setError(result.message || tErrors('unexpected'));
      return;
    }
    setNotice(t('deleted'));
    refresh();
  };

  const columns: ColumnDef<TicketOptionView, unknown>[] = [
    {
      id: 'name',
      accessorFn: (option) => option.name,
      header: t('columns.name'),
      cell: ({ getValue }) => <span className="font-medium">{getValue() as string}</span>,
    },
    {
      id: 'description',
      accessorFn: (option) => option.description,
      header: t('columns.description'),
      enableSorting: false,
      cell: ({ getValue }) => (
        <span className="line-clamp-2 max-w-md text-muted-foreground">{getValue() as string}</span>
      ),
    },
    {
      id: 'capacity',
      accessorFn: (option) => option.capacity ?? Number.POSITIVE_INFINITY,
      header: t('columns.capacity'),
      cell: ({ row }) => (
        <span className="tabular-nums">
          {row.original.capacity === null ? t('unlimited') : format.number(row.original.capacity)}
        </span>
      ),
    },
    ...(canEdit
      ? [
          {
            id: 'actions',
            header: () => <span className="sr-only">{t('columns.actions')}</span>,
            enableSorting: false,
            cell: ({ row }) => (
              <div className="flex justify-end gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('editLabel', { name: row.original.name })}
                  onClick={() => setEditing({ kind: 'edit', option: row.original })}
                >
                  <Pencil aria-hidden />
                  <span className="hidden sm:inline">{t('edit')}</span>
                </Button>
                <ConfirmDialog
                  trigger={
                    <Button variant="ghost" size="sm" aria-label={t('deleteLabel', { name: row.original.name })}>
                      <Trash2 aria-hidden />
                      <span className="hidden sm:inline">{t('delete')}</span>
                    </Button>
                  }
                  title={t('deleteTitle', { name: row.original.name })}
                  description={t('deleteDescription')}
                  confirmLabel={t('confirmDelete')}
                  cancelLabel={tForm('cancel')}
                  onConfirm={() => remove(row.original)}
                />
              </div>
            ),
          } satisfies ColumnDef<TicketOptionView, unknown>,
        ]
      : []),
  ];

  return (
    <div className="flex flex-col gap-4" data-testid="ticket-options">
      {error && <FormAlert tone="error">{error}</FormAlert>}
      {notice && <FormAlert tone="notice">{notice}</FormAlert>}
      {canEdit && ticketOptions.length > 0 && (
        <div className="flex justify-end">
          <Button onClick={() => setEditing({ kind: 'new' })}>
            <Plus aria-hidden />
            {t('add')}
          </Button>
        </div>
      )}
      <DataTable
        columns={columns}
        data={ticketOptions}
        getRowId={(option) => option.id}
        searchable={false}
        paginated={ticketOptions.length > 10}
        caption={t('caption')}
        empty={
          <EmptyStatePreset
            kind="noTicketOptions"
            action={
              canEdit ? (
                <Button variant="outline" onClick={() => setEditing({ kind: 'new' })}>
                  <Plus aria-hidden />
                  {t('add')}
                </Button>
              ) : undefined
            }
          />
        }
      />
      {canEdit && (
        <Dialog open={editing !== undefined} onOpenChange={(open) => !open && setEditing(undefined)}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>{editing?.kind === 'edit' ? t('editTitle') : t('createTitle')}</DialogTitle>
              <DialogDescription>{t('dialogDescription')}</DialogDescription>
            </DialogHeader>
            {editing && (
              <TicketOptionForm
                key={editing.kind === 'edit' ? editing.option.id : 'new'}
                option={editing.kind === 'edit' ? editing.option : undefined}
                ownLocale={ownLocale}
                onCancel={() => setEditing(undefined)}
                onSubmit={(input) =>
                  editing.kind === 'edit'
                    ? actions.updateTicketOption(editing.option.id, input)
                    : actions.createTicketOption(input)
                }
                onSaved={() => {
                  setNotice(editing.kind === 'edit' ? t('updated') : t('created'));
                  setEditing(undefined);
                  refresh();
                }}
              />
            )}
          </DialogContent>
        </Dialog>
      )}
    </div>
  );
}

interface TicketOptionFormProps {
  option?: TicketOptionView;
  ownLocale: string;
  onSubmit(input: TicketOptionInput): ReturnType<EventActions['createTicketOption']>;
  onSaved(): void;
  onCancel(): void;
}

function TicketOptionForm({ option, ownLocale, onSubmit, onSaved, onCancel }: TicketOptionFormProps) {
  const t = useTranslations('Events.form');
  const tOptions = useTranslations('Events.ticketOptions');
  const tLanguages = useTranslations('Events.languages');
  const tErrors = useTranslations('Events.errors');
  const ruleSet = useRuleSet();
  const translationLocale = otherLocale(ownLocale);
  const other = tLanguages(translationLocale);
  const schema = useMemo(() => ticketOptionFormSchema({ ...ruleSet, translationLocale }), [ruleSet, translationLocale]);
  const form = useZodForm(schema, {
    defaultValues: {
      name: option?.name ?? '',
      description: option?.description ?? '',
      unlimited: option ? option.capacity === null : true,
      capacity: option?.capacity === null || option?.capacity === undefined ? '' : String(option.capacity),
      translation: translationFor(option?.translations ?? [], translationLocale),
    } satisfies TicketOptionFormValues,
  });

  const submit = async (input: TicketOptionInput) => {
    const result = await onSubmit(input);
    if (result.ok) onSaved();
    else showFailure(form, result, ruleSet, tErrors('unexpected'));
  };

  return (
    <Form form={form} onSubmit={submit} data-testid="ticket-option-form">
      <FormField<TicketOptionFormValues> name="name" label={t('name')}>
        <Input autoComplete="off" maxLength={120} />
      </FormField>
      <FormField<TicketOptionFormValues> name="description" label={t('description')}>
        <Textarea rows={3} />
      </FormField>
      <CountField
        name="capacity"
        unlimitedName="unlimited"
        label={t('capacity')}
        hint={t('capacityHint')}
        unlimitedLabel={t('unlimited')}
        min={0}
      />
      <fieldset className="flex flex-col gap-4 rounded-lg border border-border p-4">
        <legend className="px-1 text-sm font-semibold">{t('sections.translation', { language: other })}</legend>
        <p className="-mt-2 text-sm text-muted-foreground">{t('translationHint', { language: other })}</p>
        <FormField<TicketOptionFormValues>
          name="translation.name"
          id={`option-translation-name-${translationLocale}`}
          label={`${t('name')} (${other})`}
        >
          <Input autoComplete="off" lang={translationLocale} maxLength={120} />
        </FormField>
        <FormField<TicketOptionFormValues>
          name="translation.description"
          id={`option-translation-description-${translationLocale}`}
          label={`${t('description')} (${other})`}
        >
          <Textarea rows={2} lang={translationLocale} />
        </FormField>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? tOptions('saving') : tOptions('save')}
        </Button>
      </div>
    </Form>
  );
}
