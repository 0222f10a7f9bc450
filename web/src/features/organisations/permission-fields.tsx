'use client';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { controlClasses } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import {
  isPresetKey,
  PERMISSIONS,
  permissionMessageKey,
  PRESET_KEYS,
  presetMessageKey,
  presetOf,
  PRESETS,
  togglePermission,
  type Permission,
} from '../../lib/organisations';

export interface PermissionFieldsProps {
  value: string[];
  onChange(permissions: string[]): void;
  /** What the acting member may hand out (only owners grant "owner"); the rest is shown but cannot be ticked. */
  grantable: readonly Permission[];
  error?: string;
  idPrefix?: string;
}

/** A role (preset) select on top of one checkbox per permission; picking a role ticks its set, a tick makes it custom. */
export function PermissionFields({ value, onChange, grantable, error, idPrefix }: PermissionFieldsProps) {
  const t = useTranslations('Organisations');
  const generated = useId();
  const prefix = idPrefix ?? generated;
  const preset = presetOf(value);
  const presetAllowed = (key: (typeof PRESET_KEYS)[number]) =>
    PRESETS[key].every((permission) => grantable.includes(permission));
  const errorId = `${prefix}-permissions-error`;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${prefix}-preset`} className="text-sm font-medium">
          {t('fields.preset')}
        </label>
        <select
          id={`${prefix}-preset`}
          value={preset || 'custom'}
          onChange={(event) => {
            const key = event.target.value;
            if (isPresetKey(key)) onChange([...PRESETS[key]]);
          }}
          className={cn(controlClasses, 'h-10')}
          data-testid="preset-select"
        >
          {PRESET_KEYS.map((key) => (
            <option key={key} value={key} disabled={!presetAllowed(key)}>
              {t(`presets.${presetMessageKey(key)}` as 'presets.owner')}
            </option>
          ))}
          <option value="custom" disabled>
            {t('presets.custom')}
          </option>
        </select>
        <p className="text-sm text-muted-foreground">{t('memberDialog.presetHint')}</p>
      </div>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
      >
        <legend className="mb-1 text-sm font-medium">{t('fields.permissions')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {PERMISSIONS.map((permission) => {
            const key = permissionMessageKey(permission) as 'owner';
            const id = `${prefix}-permission-${key}`;
            const allowed = grantable.includes(permission);
            return (
              <label
                key={permission}
                htmlFor={id}
                className={cn(
                  'flex items-start gap-2 rounded-md border border-border p-2 text-sm',
                  allowed ? 'cursor-pointer hover:bg-muted/50' : 'cursor-not-allowed opacity-60',
                )}
                title={allowed ? undefined : t('memberDialog.ownerOnly')}
              >
                <input
                  id={id}
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                  checked={value.includes(permission)}
                  disabled={!allowed}
                  onChange={(event) => onChange(togglePermission(value, permission, event.target.checked))}
                  data-permission={permission}
                />
                <span className="flex flex-col">
                  <span className="font-medium">{t(`permissions.${key}`)}</span>
                  <span className="text-muted-foreground">{t(`permissionHints.${key}`)}</span>
                </span>
              </label>
            );
          })}
        </div>
        {error && (
          <p id={errorId} className="text-sm text-destructive" data-testid="permissions-error">
            {error}
          </p>
        )}
      </fieldset>
    </div>
  );
}

/** The role a member's permissions make ("Owner", "Scanner", "Custom") as a badge-ready label. */
export function usePresetLabel(): (preset: string, permissions: readonly string[]) => string {
  const t = useTranslations('Organisations.presets');
  return (preset, permissions) => {
    const key = isPresetKey(preset) ? preset : presetOf(permissions);
    return key ? t(presetMessageKey(key) as 'owner') : t('custom');
  };
}
