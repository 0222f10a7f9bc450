'use client';
// The organiser's scan links for one event: create one with a name (its full `/scan/{secret}` address is shown once,
// with a copy button and a QR code for the door staff's phones), see when each was last used and how many it
// admitted, and revoke one (asked first; phones using it stop at once).
import { Copy, Link2, QrCode } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-alert';
import { Input } from '../../components/ui/input';
import { ruleWordsFrom } from '../../components/ui/field-rules';
import type { ApiFailure, ApiResult } from '../../lib/api-result';
import { type CreatedScanLinkView, type ScanLinkView, scanLinkPath } from '../../lib/scan-model';
import { SCAN_LINK_NAME_MAX_LENGTH, SCAN_LINK_VALIDITY_DAYS, scanLinkNameSchema } from '../../lib/scan-rules';
import { formatScanMoment } from './scan-moment';
import { useFormatter } from '../../lib/formatter';

export interface ScanLinkActions {
  list(): Promise<ApiResult<{ links: ScanLinkView[] }>>;
  /** `expiresAt`: ISO date-time when the link stops scanning; undefined: until revoked. */
  create(name: string, expiresAt?: string): Promise<ApiResult<CreatedScanLinkView>>;
  revoke(linkId: string): Promise<ApiResult<{ link: ScanLinkView }>>;
}

export interface ScanLinksPanelProps {
  links: ScanLinkView[];
  actions: ScanLinkActions;
  /** The site's origin for the full address (the browser's own when omitted). */
  origin?: string;
}

export function useScanFailureText(): (failure: ApiFailure) => string {
  const t = useTranslations('Scanner.failure');
  const tErrors = useTranslations('Errors');
  return (failure) => {
    if (failure.timedOut) return tErrors('timeout');
    if (failure.status === 0) return t('network');
    if (failure.status === 400) return Object.values(failure.fields)[0] || failure.message || t('generic');
    if (failure.status === 403) return t('forbidden');
    if (failure.status === 404) return t('notFound');
    return failure.message || t('generic');
  };
}

export function ScanLinksPanel({ links: initialLinks, actions, origin }: ScanLinksPanelProps) {
  const t = useTranslations('Scanner.links');
  const tForm = useTranslations('Ui.form');
  const format = useFormatter();
  const failureText = useScanFailureText();
  const [links, setLinks] = useState(initialLinks);
  const [name, setName] = useState('');
  // Days the new link lasts; '' for "until revoked".
  const [validDays, setValidDays] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ url: string; name: string } | null>(null);

  const reload = async () => {
    const answer = await actions.list();
    if (answer.ok) setLinks(answer.data.links);
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const checked = scanLinkNameSchema(t('name'), ruleWordsFrom(tForm)).safeParse(name);
    if (!checked.success) {
      setNameError(checked.error.issues[0]?.message);
      return;
    }
    setNameError(undefined);
    setBusy(true);
    try {
      const expiresAt = validDays
        ? new Date(Date.now() + Number(validDays) * 24 * 60 * 60 * 1000).toISOString()
        : undefined;
      const answer = await actions.create(checked.data, expiresAt);
      if (!answer.ok) {
        if (answer.fields.name) setNameError(answer.fields.name);
        else setFailure(failureText(answer));
        return;
      }
      const base = origin ?? window.location.origin;
      setCreated({ url: `${base}${scanLinkPath(answer.data.secret)}`, name: answer.data.link.name });
      setLinks((current) => [answer.data.link, ...current.filter((link) => link.id !== answer.data.link.id)]);
      setName('');
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (link: ScanLinkView) => {
    setFailure(undefined);
    const answer = await actions.revoke(link.id);
    if (!answer.ok) {
      setFailure(failureText(answer));
      return;
    }
    setLinks((current) => current.map((candidate) => (candidate.id === link.id ? answer.data.link : candidate)));
    void reload();
  };

  const moment = (iso: string) => (iso ? formatScanMoment(format, iso) : t('never'));
  const expired = (link: ScanLinkView) =>
    !link.revokedAt && link.expiresAt !== '' && Date.parse(link.expiresAt) <= Date.now();
  const statusOf = (link: ScanLinkView) => (link.revokedAt ? 'revoked' : expired(link) ? 'expired' : 'active');
  const revokedLabel = (link: ScanLinkView) =>
    link.revokedReason === 'member_removed'
      ? t('revokedMemberRemoved')
      : link.revokedReason === 'member_lost_checkin'
        ? t('revokedMemberLostCheckin')
        : t('revokedStatus');

  return (
    <Card data-testid="scan-links">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 aria-hidden className="size-5" />
          {t('title')}
        </CardTitle>
        <CardDescription>{t('intro')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form onSubmit={create} className="flex flex-col gap-1" data-testid="scan-link-form" noValidate>
          <label htmlFor="scan-link-name" className="text-sm font-medium">
            {t('name')}
          </label>
          <div className="flex flex-wrap gap-2">
            <Input
              id="scan-link-name"
              data-testid="scan-link-name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder={t('namePlaceholder')}
              maxLength={SCAN_LINK_NAME_MAX_LENGTH + 20}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? 'scan-link-name-error' : undefined}
              className="min-w-48 flex-1"
            />
            <label htmlFor="scan-link-valid-for" className="sr-only">
              {t('validFor')}
            </label>
            <select
              id="scan-link-valid-for"
              data-testid="scan-link-valid-for"
              value={validDays}
              onChange={(event) => setValidDays(event.target.value)}
              title={t('validFor')}
              className="h-9 rounded-md border border-input bg-background px-2 text-sm"
            >
              <option value="">{t('validForever')}</option>
              {SCAN_LINK_VALIDITY_DAYS.map((days) => (
                <option key={days} value={String(days)}>
                  {t('validDays', { days })}
                </option>
              ))}
            </select>
            <Button type="submit" loading={busy} data-testid="scan-link-create">
              {t('create')}
            </Button>
          </div>
          {nameError && (
            <p id="scan-link-name-error" className="text-sm text-destructive" data-testid="scan-link-name-error">
              {nameError}
            </p>
          )}
        </form>
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        {links.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="scan-links-empty">
            {t('empty')}
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-border text-left text-muted-foreground">
                  <th className="py-2 pr-3 font-medium">{t('name_column')}</th>
                  <th className="py-2 pr-3 font-medium">{t('created')}</th>
                  <th className="py-2 pr-3 font-medium">{t('lastUsed')}</th>
                  <th className="py-2 pr-3 font-medium">{t('expires')}</th>
                  <th className="py-2 pr-3 text-right font-medium">{t('checkIns')}</th>
                  <th className="py-2 pr-3 font-medium">{t('status')}</th>
                  <th className="py-2" />
                </tr>
              </thead>
              <tbody>
                {links.map((link) => (
                  <tr
                    key={link.id}
                    data-testid="scan-link-row"
                    data-link-id={link.id}
                    data-status={statusOf(link)}
                    className="border-b border-border last:border-0"
                  >
                    <td className="py-2 pr-3 font-medium">{link.name}</td>
                    <td className="py-2 pr-3">{moment(link.createdAt)}</td>
                    <td className="py-2 pr-3" data-testid="scan-link-last-used">
                      {moment(link.lastUsedAt)}
                    </td>
                    <td className="py-2 pr-3" data-testid="scan-link-expires">
                      {link.expiresAt ? moment(link.expiresAt) : t('validForever')}
                    </td>
                    <td className="py-2 pr-3 text-right tabular-nums" data-testid="scan-link-check-ins">
                      {link.checkIns}
                    </td>
                    <td className="py-2 pr-3">
                      {link.revokedAt ? (
                        <Badge tone="neutral">{revokedLabel(link)}</Badge>
                      ) : expired(link) ? (
                        <Badge tone="neutral">{t('expiredStatus')}</Badge>
                      ) : (
                        <Badge tone="success">{t('active')}</Badge>
                      )}
                    </td>
                    <td className="py-2 text-right">
                      {statusOf(link) === 'active' && (
                        <ConfirmDialog
                          trigger={
                            <Button variant="outline" size="sm" data-testid="scan-link-revoke">
                              {t('revoke')}
                            </Button>
                          }
                          title={t('revokeTitle', { name: link.name })}
                          description={t('revokeBody')}
                          confirmLabel={t('revoke')}
                          cancelLabel={t('cancel')}
                          onConfirm={() => revoke(link)}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
      <CreatedLinkDialog created={created} onClose={() => setCreated(null)} />
    </Card>
  );
}

function CreatedLinkDialog({ created, onClose }: { created: { url: string; name: string } | null; onClose(): void }) {
  const t = useTranslations('Scanner.links');
  const [qr, setQr] = useState<string>();
  const [copied, setCopied] = useState(false);
  const url = created?.url;

  useEffect(() => {
    setQr(undefined);
    setCopied(false);
    if (!url) return;
    let current = true;
    // Made in the browser from the address itself: the secret never leaves the page for a QR service.
    void import('qrcode')
      .then((QRCode) => QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (current) setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [url]);

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard permission: the address is selected in its field for a manual copy.
      (document.getElementById('scan-link-url') as HTMLInputElement | null)?.select();
    }
  };

  return (
    <Dialog open={created !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="scan-link-created">
        <DialogHeader>
          <DialogTitle>{t('createdTitle')}</DialogTitle>
          <DialogDescription>{t('createdBody')}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-3">
          <p className="font-medium">{created?.name}</p>
          <div className="flex gap-2">
            <Input
              id="scan-link-url"
              data-testid="scan-link-url"
              readOnly
              value={url ?? ''}
              onFocus={(event) => event.target.select()}
              className="font-mono text-sm"
            />
            <Button variant="outline" onClick={copy} data-testid="scan-link-copy">
              <Copy aria-hidden />
              {copied ? t('copied') : t('copy')}
            </Button>
          </div>
          <div className="flex justify-center">
            {qr ? (
              <img src={qr} alt={t('qr')} data-testid="scan-link-qr" className="size-56 rounded bg-white p-2" />
            ) : (
              <QrCode aria-hidden className="size-56 text-muted-foreground" />
            )}
          </div>
        </div>
        <DialogFooter>
          <Button onClick={onClose} data-testid="scan-link-done">
            {t('done')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
