'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { PlainLink } from '../../components/link-like';
import { Badge } from '../../components/ui/badge';
import { buttonVariants } from '../../components/ui/button';
import type { ColumnDef } from '../../components/ui/data-table';
import { EmptyState, EmptyStatePreset } from '../../components/ui/empty-state';
import { Form, FormField, useZodForm } from '../../components/ui/form';
import { controlClasses, Input } from '../../components/ui/input';
import type { TabLinkComponent } from '../../components/ui/link-tabs';
import { cn } from '../../lib/cn';
import { toDateTimeLocal } from '../../lib/date-time-local';
import { currencyDigits, formatMinor, minorToInput } from '../../lib/money-input';
import {
  itemDisplayName,
  type SellableEvent,
  type ShopItemInput,
  type ShopItemView,
  type ShopView,
} from '../../lib/shop-model';
import { type ShopItemFormValues, SHOP_LIMITS, shopFormFieldOf, shopItemFormSchema } from '../../lib/shop-rules';
import { showFailure } from '../events/form-support';
import { DialogButtons, EditableTable } from './editable-table';
import type { ShopActions } from './shop-actions';
import { CheckboxListField, MomentSentence, useShopRuleSet } from './shop-support';
import { TicketPlus } from 'lucide-react';
import { useFormatter } from '../../lib/formatter';

export interface ShopItemsTabProps {
  orgId: string;
  shop: ShopView;
  items: ShopItemView[];
  /** The organisation's events with their ticket options. */
  events: SellableEvent[];
  canEdit: boolean;
  actions: Pick<ShopActions, 'createItem' | 'updateItem' | 'deleteItem'>;
  refresh(): void;
  Link?: TabLinkComponent;
}

/** When an item sells: its own window, or the shop's ("While the shop is open"). */
function SaleWindow({ item }: { item: ShopItemView }) {
  const t = useTranslations('Shops.items');
  if (!item.saleStart && !item.saleEnd) return <span className="text-muted-foreground">{t('shopWindow')}</span>;
  return (
    <span className="flex flex-col whitespace-nowrap text-sm">
      {item.saleStart && <MomentSentence at={item.saleStart} sentence={(date) => t('saleFrom', { date })} />}
      {item.saleEnd && <MomentSentence at={item.saleEnd} sentence={(date) => t('saleUntil', { date })} />}
    </span>
  );
}

export function ShopItemsTab({
  orgId,
  shop,
  items,
  events,
  canEdit,
  actions,
  refresh,
  Link = PlainLink as TabLinkComponent,
}: ShopItemsTabProps) {
  const t = useTranslations('Shops.items');
  const format = useFormatter();
  const locale = useLocale();
  const editable = canEdit && shop.status !== 'deleted';
  const eventNames = new Map(events.map((event) => [event.id, event.name]));
  const sellable = events.some((event) => event.ticketOptions.length > 0);

  const columns: ColumnDef<ShopItemView, unknown>[] = [
    {
      id: 'name',
      accessorFn: (item) => itemDisplayName(item, events),
      header: t('columns.name'),
      cell: ({ row, getValue }) => (
        <span className="flex flex-wrap items-center gap-2 font-medium">
          {getValue() as string}
          {row.original.eventIds.length > 1 && <Badge tone="info">{t('offer')}</Badge>}
        </span>
      ),
    },
    {
      id: 'events',
      accessorFn: (item) => item.eventIds.map((id) => eventNames.get(id) ?? id).join(', '),
      header: t('columns.events'),
      enableSorting: false,
      cell: ({ row }) => (
        <ul className="flex flex-col text-sm text-muted-foreground">
          {row.original.eventIds.map((id) => (
            <li key={id}>{eventNames.get(id) ?? id}</li>
          ))}
        </ul>
      ),
    },
    {
      id: 'price',
      accessorFn: (item) => item.priceMinor,
      header: t('columns.price'),
      cell: ({ row }) => (
        <span className="whitespace-nowrap tabular-nums">
          {row.original.priceMinor === 0 ? t('free') : formatMinor(row.original.priceMinor, shop.currency, locale)}
        </span>
      ),
    },
    {
      id: 'sale',
      accessorFn: (item) => item.saleStart ?? '',
      header: t('columns.sale'),
      cell: ({ row }) => <SaleWindow item={row.original} />,
    },
    {
      id: 'maxPerOrder',
      accessorFn: (item) => item.maxPerOrder ?? Number.POSITIVE_INFINITY,
      header: t('columns.maxPerOrder'),
      cell: ({ row }) => (
        <span className="tabular-nums">
          {row.original.maxPerOrder === null ? t('noLimit') : format.number(row.original.maxPerOrder)}
        </span>
      ),
    },
  ];

  return (
    <EditableTable
      area="Shops.items"
      testId="shop-items"
      rows={items}
      rowId={(item) => item.id}
      rowName={(item) => itemDisplayName(item, events)}
      columns={columns}
      canEdit={editable}
      canAdd={sellable}
      dialogClassName="max-w-2xl"
      empty={(add) =>
        sellable || !editable ? (
          <EmptyStatePreset kind="noItemsFound" action={add} />
        ) : (
          <EmptyState
            icon={TicketPlus}
            title={t('noTicketOptionsTitle')}
            description={t('noTicketOptionsDescription')}
            action={
              <Link href={`/o/${orgId}/events`} className={buttonVariants({ variant: 'outline' })}>
                {t('goToEvents')}
              </Link>
            }
          />
        )
      }
      remove={(item) => actions.deleteItem(item.id)}
      refresh={refresh}
      form={({ row, saved, cancel }) => (
        <ShopItemForm
          key={row?.id ?? 'new'}
          item={row}
          shop={shop}
          events={events}
          onCancel={cancel}
          onSaved={saved}
          onSubmit={(input) => (row ? actions.updateItem(row.id, input) : actions.createItem(input))}
        />
      )}
    />
  );
}

interface ShopItemFormProps {
  item?: ShopItemView;
  shop: ShopView;
  events: SellableEvent[];
  onSubmit(input: ShopItemInput): ReturnType<ShopActions['createItem']>;
  onSaved(): void;
  onCancel(): void;
}

function ShopItemForm({ item, shop, events, onSubmit, onSaved, onCancel }: ShopItemFormProps) {
  const t = useTranslations('Shops.form');
  const tItems = useTranslations('Shops.items');
  const tErrors = useTranslations('Shops.errors');
  const locale = useLocale();
  const format = useFormatter();
  const ruleSet = useShopRuleSet();
  const digits = currencyDigits(shop.currency);
  const schema = useMemo(() => shopItemFormSchema({ ...ruleSet, digits }), [ruleSet, digits]);
  const form = useZodForm(schema, {
    defaultValues: {
      ticketOptionId: item?.ticketOptionId ?? '',
      extraEventIds: item?.eventIds.slice(1) ?? [],
      name: item?.name ?? '',
      price: item ? minorToInput(item.priceMinor, digits, locale) : '',
      saleStart: toDateTimeLocal(item?.saleStart ?? undefined),
      saleEnd: toDateTimeLocal(item?.saleEnd ?? undefined),
      maxPerOrder: item?.maxPerOrder === null || item?.maxPerOrder === undefined ? '' : String(item.maxPerOrder),
    } satisfies ShopItemFormValues,
  });
  const ticketOptionId = useWatch({ control: form.control, name: 'ticketOptionId' });
  const ownEvent = events.find((event) => event.ticketOptions.some((option) => option.id === ticketOptionId));
  const otherEvents = events
    .filter((event) => event.id !== ownEvent?.id)
    .map((event) => ({
      id: event.id,
      label: event.name,
      hint: event.startsAt ? format.dateTime(new Date(event.startsAt), { dateStyle: 'medium' }) : undefined,
    }));

  const submit = async (input: ShopItemInput) => {
    // The ticket option's own event is granted anyway; ticking it too would say nothing new.
    const result = await onSubmit({ ...input, extraEventIds: input.extraEventIds.filter((id) => id !== ownEvent?.id) });
    if (result.ok) onSaved();
    else showFailure(form, result, ruleSet, tErrors('unexpected'), shopFormFieldOf);
  };

  return (
    <Form form={form} onSubmit={submit} data-testid="shop-item-form">
      <FormField<ShopItemFormValues>
        name="ticketOptionId"
        label={t('ticketOptionId')}
        description={tItems('ticketOptionHint')}
      >
        <select className={cn(controlClasses, 'h-10')}>
          <option value="">{tItems('chooseTicketOption')}</option>
          {events
            .filter((event) => event.ticketOptions.length > 0)
            .map((event) => (
              <optgroup key={event.id} label={event.name}>
                {event.ticketOptions.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name} · {event.name}
                  </option>
                ))}
              </optgroup>
            ))}
        </select>
      </FormField>
      <CheckboxListField
        name="extraEventIds"
        legend={t('extraEventIds')}
        hint={tItems('extraEventsHint')}
        options={otherEvents}
        empty={tItems('noOtherEvents')}
      />
      <FormField<ShopItemFormValues> name="name" label={t('name')} description={tItems('nameHint')}>
        <Input autoComplete="off" maxLength={SHOP_LIMITS.itemName + 20} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField<ShopItemFormValues>
          name="price"
          label={`${t('price')} (${shop.currency})`}
          description={tItems('priceHint', { currency: shop.currency })}
        >
          <Input autoComplete="off" inputMode="decimal" className="max-w-40" />
        </FormField>
        <FormField<ShopItemFormValues>
          name="maxPerOrder"
          label={t('maxPerOrder')}
          description={tItems('maxPerOrderHint')}
        >
          <Input type="number" inputMode="numeric" min={1} step={1} className="max-w-32" />
        </FormField>
        <FormField<ShopItemFormValues> name="saleStart" label={t('saleStart')} description={tItems('saleHint')}>
          <Input type="datetime-local" />
        </FormField>
        <FormField<ShopItemFormValues> name="saleEnd" label={t('saleEnd')}>
          <Input type="datetime-local" />
        </FormField>
      </div>
      <DialogButtons area="Shops.items" submitting={form.formState.isSubmitting} onCancel={onCancel} />
    </Form>
  );
}
