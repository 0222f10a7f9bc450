'use client';

import { Command } from 'cmdk';
import { Search, type LucideIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn';
import { isCommandMenuShortcut } from './command-shortcut';
import { overlayClasses } from './dialog';

export { commandMenuShortcutLabel, isCommandMenuShortcut } from './command-shortcut';

export interface CommandMenuItem {
  id: string;
  label: string;
  icon?: LucideIcon;
  /** Extra words the search matches ("logout" for Sign out). */
  keywords?: string[];
  /** Shown on the right, e.g. "G E". */
  shortcut?: string;
  onSelect(): void;
}

export interface CommandMenuGroup {
  heading: string;
  items: CommandMenuItem[];
}

export interface CommandMenuProps {
  groups: CommandMenuGroup[];
  /** Controlled open state (e.g. opened from the user menu); otherwise it keeps its own. */
  open?: boolean;
  onOpenChange?(open: boolean): void;
  /** Listen for ⌘K / Ctrl+K on the whole page (default true). */
  hotkey?: boolean;
}

/** A searchable list of actions in a dialog: ⌘K / Ctrl+K opens it, arrows move, Enter runs, Escape closes. */
export function CommandMenu({ groups, open: controlledOpen, onOpenChange, hotkey = true }: CommandMenuProps) {
  const t = useTranslations('Ui.command');
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (controlledOpen === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };

  useEffect(() => {
    if (!hotkey) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isCommandMenuShortcut(event)) return;
      event.preventDefault();
      if (controlledOpen === undefined) setOwnOpen((value) => !value);
      onOpenChange?.(!open);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [hotkey, controlledOpen, onOpenChange, open]);

  const run = (item: CommandMenuItem) => {
    setOpen(false);
    item.onSelect();
  };

  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClasses} />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-[15vh] z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 overflow-hidden rounded-lg border border-border bg-popover text-popover-foreground shadow-lg"
        >
          <DialogPrimitive.Title className="sr-only">{t('title')}</DialogPrimitive.Title>
          <Command label={t('title')} loop className="flex flex-col">
            <div className="flex items-center gap-2 border-b border-border px-3">
              <Search aria-hidden className="size-4 shrink-0 text-muted-foreground" />
              <Command.Input
                placeholder={t('placeholder')}
                className="h-11 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
              />
            </div>
            <Command.List className="max-h-80 overflow-y-auto p-1">
              <Command.Empty className="py-6 text-center text-sm text-muted-foreground">{t('empty')}</Command.Empty>
              {groups.map((group) => (
                <Command.Group
                  key={group.heading}
                  heading={group.heading}
                  className="[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-muted-foreground"
                >
                  {group.items.map((item) => (
                    <Command.Item
                      key={item.id}
                      value={`${group.heading} ${item.label} ${item.id}`}
                      keywords={item.keywords}
                      onSelect={() => run(item)}
                      className={cn(
                        'flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none',
                        'data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground data-[disabled=true]:opacity-50',
                      )}
                    >
                      {item.icon && <item.icon aria-hidden className="size-4 shrink-0" />}
                      <span>{item.label}</span>
                      {item.shortcut && (
                        <span className="ml-auto text-xs tracking-widest text-muted-foreground">{item.shortcut}</span>
                      )}
                    </Command.Item>
                  ))}
                </Command.Group>
              ))}
            </Command.List>
          </Command>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
