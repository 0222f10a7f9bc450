'use client';
// A shop's rows that are added, edited and deleted in place (items, discount codes): the table with Edit and Delete
// per row, the Add button, the dialog holding the form, and the notices after each change.
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { DataTable, type ColumnDef } from '../../components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-alert';
import type { ApiResult } from '../../lib/api-result';

/** The messages of one kind of row, under Shops.<namespace> (items, discountCodes). */
type Area = 'Shops.items' | 'Shops.discountCodes';

export interface EditableTableProps<T> {
  area: Area;
  rows: T[];
  rowId(row: T): string;
  /** What the row is called in labels and confirmations ("Regular", "SUMMER10"). */
  rowName(row: T): string;
  columns: ColumnDef<T, unknown>[];
  canEdit: boolean;
  /** Shown when there are no rows; gets the Add button (absent when adding is not possible yet). */
  empty(add: ReactNode | undefined): ReactNode;
  /** False when nothing can be added yet (no ticket options to sell): the Add button is left out. */
  canAdd?: boolean;
  /** The form in the dialog: `row` is the one edited, none for a new one; `saved` closes the dialog. */
  form(props: { row?: T; saved(): void; cancel(): void }): ReactNode;
  remove(row: T): Promise<ApiResult<unknown>>;
  refresh(): void;
  testId: string;
  /** Wider dialogs for longer forms. */
  dialogClassName?: string;
}

type Editing<T> = { kind: 'new' } | { kind: 'edit'; row: T };

export function EditableTable<T>({
  area,
  rows,
  rowId,
  rowName,
  columns,
  canEdit,
  empty,
  canAdd = true,
  form,
  remove,
  refresh,
  testId,
  dialogClassName,
}: EditableTableProps<T>) {
  const t = useTranslations(area);
  const tForm = useTranslations('Shops.form');
  const tErrors = useTranslations('Shops.errors');
  const [editing, setEditing] = useState<Editing<T>>();
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();

  const removeRow = async (row: T) => {
    setNotice(undefined);
    setError(undefined);
    const result = await remove(row);
    // 404: someone else removed it already; either way it is gone.
    if (!result.ok && result.status !== 404) {
      setError(result.message || tErrors('unexpected'));
      return;
    }
    setNotice(t('deleted'));
    refresh();
  };

  const addButton = (variant: 'primary' | 'outline') => (
    <Button variant={variant} onClick={() => setEditing({ kind: 'new' })}>
      <Plus aria-hidden />
      {t('add')}
    </Button>
  );

  const actionColumn: ColumnDef<T, unknown> = {
    id: 'actions',
    header: () => <span className="sr-only">{t('columns.actions')}</span>,
    enableSorting: false,
    cell: ({ row }) => (
      <div className="flex justify-end gap-1">
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('editLabel', { name: rowName(row.original), code: rowName(row.original) })}
          onClick={() => setEditing({ kind: 'edit', row: row.original })}
        >
          <Pencil aria-hidden />
          <span className="hidden sm:inline">{t('edit')}</span>
        </Button>
        <ConfirmDialog
          trigger={
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('deleteLabel', { name: rowName(row.original), code: rowName(row.original) })}
            >
              <Trash2 aria-hidden />
              <span className="hidden sm:inline">{t('delete')}</span>
            </Button>
          }
          title={t('deleteTitle', { name: rowName(row.original), code: rowName(row.original) })}
          description={t('deleteDescription')}
          confirmLabel={t('confirmDelete')}
          cancelLabel={tForm('cancel')}
          onConfirm={() => removeRow(row.original)}
        />
      </div>
    ),
  };

  return (
    <div className="flex flex-col gap-4" data-testid={testId}>
      {error && <FormAlert tone="error">{error}</FormAlert>}
      {notice && <FormAlert tone="notice">{notice}</FormAlert>}
      {canEdit && canAdd && rows.length > 0 && <div className="flex justify-end">{addButton('primary')}</div>}
      <DataTable
        columns={canEdit ? [...columns, actionColumn] : columns}
        data={rows}
        getRowId={rowId}
        searchable={false}
        paginated={rows.length > 10}
        caption={t('caption')}
        empty={empty(canEdit && canAdd ? addButton('outline') : undefined)}
      />
      {canEdit && (
        <Dialog open={editing !== undefined} onOpenChange={(open) => !open && setEditing(undefined)}>
          <DialogContent className={dialogClassName}>
            <DialogHeader>
              <DialogTitle>{editing?.kind === 'edit' ? t('editTitle') : t('createTitle')}</DialogTitle>
              <DialogDescription>{t('dialogDescription')}</DialogDescription>
            </DialogHeader>
            {editing &&
              form({
                row: editing.kind === 'edit' ? editing.row : undefined,
                cancel: () => setEditing(undefined),
                saved: () => {
                  setNotice(editing.kind === 'edit' ? t('updated') : t('created'));
                  setEditing(undefined);
                  refresh();
                },
              })}
          </DialogContent>
        </Dialog>
      )}
    </div>
  );
}

/** Cancel and Save under a dialog's form. */
export function DialogButtons({ area, submitting, onCancel }: { area: Area; submitting: boolean; onCancel(): void }) {
  const t = useTranslations(area);
  const tForm = useTranslations('Shops.form');
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel}>
        {tForm('cancel')}
      </Button>
      <Button type="submit" loading={submitting}>
        {submitting ? t('saving') : t('save')}
      </Button>
    </div>
  );
}
