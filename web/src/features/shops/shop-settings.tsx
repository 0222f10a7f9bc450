'use client';
import { useTranslations } from 'next-intl';
import type { ShopView } from '../../lib/shop-model';
import { SettingsWithDangerZone } from '../dashboard/danger-zone';
import type { ShopActions } from './shop-actions';
import { ShopForm } from './shop-form';

export interface ShopSettingsProps {
  shop: ShopView;
  canEdit: boolean;
  ownLocale: string;
  actions: Pick<ShopActions, 'update' | 'remove'>;
  refresh(): void;
  /** After the shop is deleted: back to the list. */
  onDeleted(): void;
}

/** The edit form and, for those who may change shops, the danger zone with Delete (14 days, no way back). */
export function ShopSettings({ shop, canEdit, ownLocale, actions, refresh, onDeleted }: ShopSettingsProps) {
  const t = useTranslations('Shops.settings');
  const tForm = useTranslations('Shops.form');
  const tErrors = useTranslations('Shops.errors');
  const editable = canEdit && shop.status !== 'deleted';
  const form = (
    <ShopForm
      shop={shop}
      ownLocale={ownLocale}
      readOnly={!editable}
      submitLabel={tForm('save')}
      submittingLabel={tForm('saving')}
      onSubmit={actions.update}
      onSaved={refresh}
      confirmSaved
    />
  );
  if (!editable) {
    return (
      <SettingsWithDangerZone
        testId="shop-settings"
        intro={t('intro')}
        readOnlyNote={canEdit ? undefined : t('readOnly')}
      >
        {form}
      </SettingsWithDangerZone>
    );
  }
  const danger = {
    heading: t('dangerZone'),
    title: t('deleteTitle'),
    intro: t('deleteIntro'),
    buttonLabel: t('deleteButton'),
    confirmLabel: t('confirmDelete'),
    confirmTitle: t('confirmTitle', { name: shop.name }),
    confirmDescription: t('confirmDescription'),
    cancelLabel: tForm('cancel'),
    unexpected: tErrors('unexpected'),
    remove: actions.remove,
    onDeleted,
  };
  return (
    <SettingsWithDangerZone testId="shop-settings" intro={t('intro')} danger={danger}>
      {form}
    </SettingsWithDangerZone>
  );
}
