'use client';
import { DISCOUNT_CODE_MAX_LENGTH } from '@kassa/contracts/discount-code';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import type { ColumnDef } from '../../components/ui/data-table';
import { EmptyStatePreset } from '../../components/ui/empty-state';
import { Form, FormField, useZodForm } from '../../components/ui/form';
import { controlClasses, Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { toDateTimeLocal } from '../../lib/date-time-local';
import { currencyDigits, formatDiscountValue, minorToInput } from '../../lib/money-input';
import {
  DISCOUNT_TYPES,
  type DiscountCodeInput,
  type DiscountCodeView,
  itemDisplayName,
  type SellableEvent,
  type ShopItemView,
  type ShopView,
} from '../../lib/shop-model';
import { type DiscountCodeFormValues, discountCodeFormSchema, shopFormFieldOf } from '../../lib/shop-rules';
import { showFailure } from '../events/form-support';
import { DialogButtons, EditableTable } from './editable-table';
import type { ShopActions } from './shop-actions';
import { CheckboxListField, MomentSentence, useShopRuleSet } from './shop-support';
import { useFormatter } from '../../lib/formatter';

export interface DiscountCodesTabProps {
  shop: ShopView;
  discountCodes: DiscountCodeView[];
  /** The shop's items, for the scope. */
  items: ShopItemView[];
  /** For the items' names. */
  events: SellableEvent[];
  canEdit: boolean;
  actions: Pick<ShopActions, 'createDiscountCode' | 'updateDiscountCode' | 'deleteDiscountCode'>;
  refresh(): void;
}

function Validity({ code }: { code: DiscountCodeView }) {
  const t = useTranslations('Shops.discountCodes');
  if (!code.validFrom && !code.validUntil) return <span className="text-muted-foreground">{t('always')}</span>;
  return (
    <span className="flex flex-col whitespace-nowrap text-sm">
      {code.validFrom && <MomentSentence at={code.validFrom} sentence={(date) => t('validFrom', { date })} />}
      {code.validUntil && <MomentSentence at={code.validUntil} sentence={(date) => t('validUntil', { date })} />}
    </span>
  );
}

export function DiscountCodesTab({
  shop,
  discountCodes,
  items,
  events,
  canEdit,
  actions,
  refresh,
}: DiscountCodesTabProps) {
  const t = useTranslations('Shops.discountCodes');
  const format = useFormatter();
  const locale = useLocale();
  const itemNames = new Map(items.map((item) => [item.id, itemDisplayName(item, events)]));

  const columns: ColumnDef<DiscountCodeView, unknown>[] = [
    {
      id: 'code',
      accessorFn: (code) => code.code,
      header: t('columns.code'),
      cell: ({ getValue }) => <code className="font-mono font-medium">{getValue() as string}</code>,
    },
    {
      id: 'type',
      accessorFn: (code) => code.type,
      header: t('columns.type'),
      cell: ({ row }) => t(`types.${row.original.type}`),
    },
    {
      id: 'value',
      accessorFn: (code) => code.value,
      header: t('columns.value'),
      cell: ({ row }) => (
        <span className="whitespace-nowrap tabular-nums">
          {formatDiscountValue(row.original, shop.currency, locale)}
        </span>
      ),
    },
    {
      id: 'validity',
      accessorFn: (code) => code.validFrom ?? '',
      header: t('columns.validity'),
      cell: ({ row }) => <Validity code={row.original} />,
    },
    {
      id: 'maxUses',
      accessorFn: (code) => code.maxUses ?? Number.POSITIVE_INFINITY,
      header: t('columns.maxUses'),
      cell: ({ row }) =>
        row.original.maxUses === null ? t('unlimited') : t('uses', { count: format.number(row.original.maxUses) }),
    },
    {
      id: 'scope',
      header: t('columns.scope'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.itemIds.length === 0 ? (
          <span className="text-muted-foreground">{t('allItems')}</span>
        ) : (
          <ul className="flex flex-col text-sm">
            {row.original.itemIds.map((id) => (
              <li key={id}>{itemNames.get(id) ?? id}</li>
            ))}
          </ul>
        ),
    },
  ];

  return (
    <EditableTable
      area="Shops.discountCodes"
      testId="discount-codes"
      rows={discountCodes}
      rowId={(code) => code.id}
      rowName={(code) => code.code}
      columns={columns}
      canEdit={canEdit && shop.status !== 'deleted'}
      dialogClassName="max-w-2xl"
      empty={(add) => <EmptyStatePreset kind="noCodesFound" action={add} />}
      remove={(code) => actions.deleteDiscountCode(code.id)}
      refresh={refresh}
      form={({ row, saved, cancel }) => (
        <DiscountCodeForm
          key={row?.id ?? 'new'}
          code={row}
          shop={shop}
          items={items.map((item) => ({ id: item.id, label: itemNames.get(item.id) ?? item.id }))}
          onCancel={cancel}
          onSaved={saved}
          onSubmit={(input) => (row ? actions.updateDiscountCode(row.id, input) : actions.createDiscountCode(input))}
        />
      )}
    />
  );
}

interface DiscountCodeFormProps {
  code?: DiscountCodeView;
  shop: ShopView;
  items: { id: string; label: string }[];
  onSubmit(input: DiscountCodeInput): ReturnType<ShopActions['createDiscountCode']>;
  onSaved(): void;
  onCancel(): void;
}

function DiscountCodeForm({ code, shop, items, onSubmit, onSaved, onCancel }: DiscountCodeFormProps) {
  const t = useTranslations('Shops.form');
  const tCodes = useTranslations('Shops.discountCodes');
  const tErrors = useTranslations('Shops.errors');
  const locale = useLocale();
  const ruleSet = useShopRuleSet();
  const digits = currencyDigits(shop.currency);
  const schema = useMemo(() => discountCodeFormSchema({ ...ruleSet, digits }), [ruleSet, digits]);
  const form = useZodForm(schema, {
    defaultValues: {
      code: code?.code ?? '',
      type: code?.type ?? 'percentage',
      value: code ? (code.type === 'fixed' ? minorToInput(code.value, digits, locale) : String(code.value)) : '',
      validFrom: toDateTimeLocal(code?.validFrom ?? undefined),
      validUntil: toDateTimeLocal(code?.validUntil ?? undefined),
      maxUses: code?.maxUses === null || code?.maxUses === undefined ? '' : String(code.maxUses),
      itemIds: code?.itemIds ?? [],
    } satisfies DiscountCodeFormValues,
  });
  const type = useWatch({ control: form.control, name: 'type' });

  const submit = async (input: DiscountCodeInput) => {
    const result = await onSubmit(input);
    if (result.ok) onSaved();
    // 409: the shop has this code already (codes compare in any case).
    else if (result.status === 409) form.setError('code', { message: tCodes('codeTaken') });
    else showFailure(form, result, ruleSet, tErrors('unexpected'), shopFormFieldOf);
  };

  return (
    <Form form={form} onSubmit={submit} data-testid="discount-code-form">
      <FormField<DiscountCodeFormValues> name="code" label={t('code')} description={tCodes('codeHint')}>
        <Input autoComplete="off" maxLength={DISCOUNT_CODE_MAX_LENGTH + 8} className="max-w-sm font-mono uppercase" />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField<DiscountCodeFormValues> name="type" label={t('type')}>
          <select className={cn(controlClasses, 'h-10')}>
            {DISCOUNT_TYPES.map((word) => (
              <option key={word} value={word}>
                {tCodes(`types.${word}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField<DiscountCodeFormValues>
          name="value"
          label={type === 'fixed' ? `${t('value')} (${shop.currency})` : `${t('value')} (%)`}
          description={
            type === 'fixed' ? tCodes('valueFixedHint', { currency: shop.currency }) : tCodes('valuePercentHint')
          }
        >
          <Input autoComplete="off" inputMode="decimal" className="max-w-40" />
        </FormField>
        <FormField<DiscountCodeFormValues> name="validFrom" label={t('validFrom')} description={tCodes('validityHint')}>
          <Input type="datetime-local" />
        </FormField>
        <FormField<DiscountCodeFormValues> name="validUntil" label={t('validUntil')}>
          <Input type="datetime-local" />
        </FormField>
        <FormField<DiscountCodeFormValues> name="maxUses" label={t('maxUses')} description={tCodes('maxUsesHint')}>
          <Input type="number" inputMode="numeric" min={1} step={1} className="max-w-32" />
        </FormField>
      </div>
      <CheckboxListField name="itemIds" legend={t('itemIds')} hint={tCodes('itemsHint')} options={items} />
      <DialogButtons area="Shops.discountCodes" submitting={form.formState.isSubmitting} onCancel={onCancel} />
    </Form>
  );
}
