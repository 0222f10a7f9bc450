'use client';
// The e-mails sent about one order (confirmation, resends, refunds), newest first, each with its delivery history
// as a timeline in the spec's e-mail words, and 'Resend' for members holding "orders.manage": the confirmation with
// its tickets goes to the order's address again, once per click (the idempotency key survives a retried request).
import { Mail, Paperclip, Send } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { StatusBadge } from '../../components/ui/status-badge';
import { toast } from '../../components/ui/toaster';
import type { ApiFailure, ApiResult } from '../../lib/api-result';
import { newIdempotencyKey } from '@kassa/contracts/idempotency-key';
import { Moment } from './order-support';

/** One delivery status change (send, delivery, bounce, …, notSent). */
export interface MessageStatusChangeView {
  status: string;
  occurredAt: string;
  /** A short reason, e.g. the SMTP reply; '' for none. */
  detail: string;
}

/** An e-mail about the order, as notifications recorded it. */
export interface OrderMessageView {
  id: string;
  template: string;
  /** confirmation, resend, refund, … */
  purpose: string;
  recipient: string;
  subject: string;
  /** The latest delivery status. */
  status: string;
  createdAt: string;
  attachments: string[];
  /** Oldest first. */
  history: MessageStatusChangeView[];
}

export interface ResendResult {
  message: OrderMessageView;
  /** False when this key had resent it already (the same message came back). */
  created: boolean;
}

const KNOWN_PURPOSES = new Set(['confirmation', 'resend', 'refund', 'order-notice']);

/**
 * The idempotency key of the resend the organiser means: made on the first click, sent again when that request's
 * answer was lost (network, 5xx: notifications may have sent it), dropped once notifications has answered (done, or
 * refused for a reason a retry would not change), so the next click is a new resend.
 */
export function resendKeyHolder(make: () => string = newIdempotencyKey) {
  let key: string | undefined;
  return {
    current: (): string => (key ??= make()),
    settle(result: ApiResult<unknown>): void {
      if (result.ok || (result.status !== 0 && result.status < 500)) key = undefined;
    },
  };
}

/** One click of 'Resend': the request with the held key, which is then kept or dropped by the answer. */
export async function resendWithKey(
  holder: ReturnType<typeof resendKeyHolder>,
  resend: (idempotencyKey: string) => Promise<ApiResult<ResendResult>>,
): Promise<ApiResult<ResendResult>> {
  const result = await resend(holder.current());
  holder.settle(result);
  return result;
}

export interface OrderMessagesProps {
  /** null: notifications could not be asked just now. */
  messages: OrderMessageView[] | null;
  /** Offer 'Resend' (holds "orders.manage" and the order is paid). */
  canResend: boolean;
  /** Where the confirmation goes (the order's address). */
  email: string;
  resend(idempotencyKey: string): Promise<ApiResult<ResendResult>>;
  failureText(failure: ApiFailure): string;
  /** Reloads the page's data after a resend. */
  refresh(): void;
}

export function OrderMessages({ messages, canResend, email, resend, failureText, refresh }: OrderMessagesProps) {
  const t = useTranslations('Orders.messages');
  const [error, setError] = useState<string>();
  const holder = useRef(resendKeyHolder());

  const run = async () => {
    setError(undefined);
    const result = await resendWithKey(holder.current, resend);
    if (!result.ok) {
      setError(failureText(result));
      return;
    }
    toast.success(t('resent', { email: result.data.message.recipient || email }));
    refresh();
  };

  return (
    <div className="flex flex-col gap-3" data-testid="order-messages">
      {canResend && (
        <div>
          <ConfirmDialog
            trigger={
              <Button variant="outline" data-testid="order-resend">
                <Send aria-hidden />
                {t('resend')}
              </Button>
            }
            tone="primary"
            title={t('resendTitle')}
            description={t('resendDescription', { email })}
            confirmLabel={t('resendConfirm')}
            cancelLabel={t('back')}
            onConfirm={run}
          />
        </div>
      )}
      {error && <FormAlert tone="error">{error}</FormAlert>}
      {messages === null ? (
        <p className="text-sm text-muted-foreground" data-testid="order-messages-unavailable">
          {t('unavailable')}
        </p>
      ) : messages.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="order-messages-empty">
          {t('empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} />
          ))}
        </ul>
      )}
    </div>
  );
}

function MessageItem({ message }: { message: OrderMessageView }) {
  const t = useTranslations('Orders.messages');
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-border p-4"
      data-testid="order-message"
      data-message-id={message.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <Mail aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          <div className="flex min-w-0 flex-col gap-0.5">
            <span className="break-words font-medium">{message.subject || t('noSubject')}</span>
            <span className="text-sm text-muted-foreground">
              {KNOWN_PURPOSES.has(message.purpose)
                ? t(`purposes.${message.purpose}` as 'purposes.confirmation')
                : message.purpose || message.template}
              {' · '}
              <span className="break-all">{message.recipient}</span>
              {' · '}
              <Moment at={message.createdAt} className="whitespace-nowrap" />
            </span>
          </div>
        </div>
        <span data-testid="order-message-status">
          <StatusBadge status={message.status} />
        </span>
      </div>
      {message.attachments.length > 0 && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span className="sr-only">{t('attachments')}</span>
          {message.attachments.map((name) => (
            <span key={name} className="inline-flex items-center gap-1">
              <Paperclip aria-hidden className="size-3.5" />
              <span className="break-all">{name}</span>
            </span>
          ))}
        </p>
      )}
      <DeliveryTimeline history={message.history} />
    </li>
  );
}

/** The message's delivery history, oldest first, as a vertical timeline. */
export function DeliveryTimeline({ history }: { history: MessageStatusChangeView[] }) {
  const t = useTranslations('Orders.messages');
  if (history.length === 0) return <p className="text-sm text-muted-foreground">{t('noHistory')}</p>;
  return (
    <ol
      aria-label={t('historyLabel')}
      className="ml-2 flex flex-col border-l border-border"
      data-testid="order-message-history"
    >
      {history.map((change, index) => (
        <li
          key={`${index}-${change.status}`}
          className="relative flex flex-wrap items-center gap-x-3 gap-y-1 pb-2 pl-4 last:pb-0"
        >
          <span
            aria-hidden
            className="absolute -left-[5px] top-2 size-2.5 rounded-full border-2 border-background bg-muted-foreground"
          />
          <StatusBadge status={change.status} />
          <Moment at={change.occurredAt} className="whitespace-nowrap text-sm tabular-nums text-muted-foreground" />
          {change.detail && <span className="break-words text-sm text-muted-foreground">{change.detail}</span>}
        </li>
      ))}
    </ol>
  );
}
