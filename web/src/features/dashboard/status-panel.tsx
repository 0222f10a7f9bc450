'use client';
// The box at the top of an overview (an event's, a shop's): its status, what that means, and the buttons that
// change it (Publish, Convert to Draft), with what happened said above it.
import { ExternalLink, type LucideIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import type { ApiResult } from '../../lib/api-result';

export interface StatusAction {
  key: string;
  label: string;
  icon: LucideIcon;
  variant?: 'primary' | 'outline';
  run(): Promise<ApiResult<unknown>>;
  /** Said once it worked. */
  done: string;
}

export interface StatusPanelProps {
  label: string;
  badge: ReactNode;
  hint?: string;
  /** The buttons to offer now (none for a member who may not change it). */
  actions: StatusAction[];
  /** Said when an action fails without a message of its own. */
  unexpected: string;
  refresh(): void;
}

export function StatusPanel({ label, badge, hint, actions, unexpected, refresh }: StatusPanelProps) {
  const [busy, setBusy] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();

  const run = async (action: StatusAction) => {
    setBusy(action.key);
    setError(undefined);
    setNotice(undefined);
    const result = await action.run();
    setBusy(undefined);
    if (!result.ok) {
      setError(result.message || unexpected);
      return;
    }
    setNotice(action.done);
    refresh();
  };

  return (
    <>
      {error && <FormAlert tone="error">{error}</FormAlert>}
      {notice && <FormAlert tone="notice">{notice}</FormAlert>}
      <div className="flex flex-col gap-4 rounded-lg border border-border p-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-2">
          <div className="flex items-center gap-2">
            <span className="text-sm text-muted-foreground">{label}</span>
            {badge}
          </div>
          {hint && <p className="max-w-prose text-sm text-muted-foreground">{hint}</p>}
        </div>
        {actions.length > 0 && (
          <div className="flex gap-2">
            {actions.map((action) => (
              <Button
                key={action.key}
                variant={action.variant}
                loading={busy === action.key}
                disabled={busy !== undefined}
                onClick={() => void run(action)}
              >
                <action.icon aria-hidden />
                {action.label}
              </Button>
            ))}
          </div>
        )}
      </div>
    </>
  );
}

/** The public page's link as a row of an overview's list (<dl>), opening in a new tab. */
export function PublicLinkRow({ label, url }: { label: string; url: string }) {
  return (
    <>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd>
        <a
          href={url}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1 break-all text-secondary underline underline-offset-4"
          data-testid="public-link"
        >
          {url}
          <ExternalLink aria-hidden className="size-4 shrink-0" />
        </a>
      </dd>
    </>
  );
}
