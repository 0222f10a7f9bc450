import type { Locale } from '@kassa/contracts/locales';
import type { ReactElement } from 'react';
import { render } from '@react-email/render';
import type { MailAttachment } from '../application/mailer.port';
import { qrPng } from '../documents/qr-code';
import { ticketsPdf } from '../documents/tickets-pdf';
import type { WalletPassIssuer } from '../documents/wallet-pass';
import type { TemplateName } from '../domain/email-message';
import {
  headlineEvent,
  type OrderConfirmationPayload,
  qrContentId,
  qrImageName,
  ticketsPdfName,
  walletPassName,
} from '../domain/order-confirmation';
import { formatExpiry, invitationLink } from '../domain/invitation-link';
import type { OrderNoticeKind } from '../domain/order-notice';
import { formatAmount, orderPageLink, type RefundNoticeKind } from '../domain/order-refund-notice';
import { ContactMessageEmail } from './contact-message.email';
import { contactMessageMessages } from './contact-message.messages';
import { MemberInvitationEmail } from './member-invitation.email';
import { memberInvitationMessages } from './member-invitation.messages';
import { OrderConfirmationEmail } from './order-confirmation.email';
import { orderConfirmationMessages } from './order-confirmation.messages';
import { OrderNoticeEmail } from './order-notice.email';
import { orderNoticeMessages } from './order-notice.messages';
import { OrderRefundedEmail } from './order-refunded.email';
import { orderRefundedMessages } from './order-refunded.messages';
import { SignInCodeEmail } from './signin-code.email';
import { signInCodeMessages } from './signin-code.messages';
import { WaitlistConfirmationEmail } from './waitlist-confirmation.email';
import { waitlistConfirmationMessages } from './waitlist-confirmation.messages';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /** Where answers go, when not to the sender (the visitor, for a contact form message). */
  replyTo?: string;
  /** Files that go with it: inline images (cid) and attachments. */
  attachments?: MailAttachment[];
}

/** What the sign-in code template needs; sealed at rest because it holds the code. */
export interface SignInCodePayload {
  code: string;
  newAccount: boolean;
  displayName: string;
  /** ISO time after which the code no longer works (and the mail is not worth sending). */
  expiresAt?: string;
}

/** Identity issues codes valid for ten minutes. */
export const signInCodeValidityMinutes = 10;

/** Stands in for the code wherever a subject line is stored: the code never reaches disk. */
const maskedCode = '******';

/** The waitlist confirmation needs nothing beyond the recipient and the locale stored with the message. */
export type WaitlistConfirmationPayload = Record<string, never>;

/** A contact form message; sealed at rest because it is a stranger's personal data. */
export interface ContactMessagePayload {
  name: string;
  email: string;
  message: string;
  visitorLocale: Locale;
}

/** An invitation to an organisation; sealed at rest because the token in the link lets its holder join. */
export interface MemberInvitationPayload {
  token: string;
  organisationName: string;
  invitedBy: string;
  firstName: string;
  email: string;
  /** ISO time after which the link no longer works (and the mail is not worth sending). */
  expiresAt: string;
}

/** A succeeded refund of an order; sealed at rest like every payload (it names the guest's order). */
export interface OrderRefundedPayload {
  kind: RefundNoticeKind;
  /** "ord_…" and the guest's key to it, for the link to the guest's order page. */
  orderId: string;
  orderAccessKey: string;
  orderNumber: string;
  /** What this refund paid back, in minor units of currency. */
  amountMinor: number;
  /** ISO 4217. */
  currency: string;
}

/** An unpaid or free order's payment failed, hold ran out or cancellation; sealed at rest like every payload. */
export interface OrderNoticePayload {
  kind: OrderNoticeKind;
  /** "ord_…" and the guest's key to it, for the link to the guest's order page. */
  orderId: string;
  orderAccessKey: string;
  orderNumber: string;
  /** The order's total, in minor units of currency. */
  totalMinor: number;
  /** ISO 4217. */
  currency: string;
}

export type { OrderConfirmationPayload };

export interface TemplatePayloads {
  'signin-code': SignInCodePayload;
  'waitlist-confirmation': WaitlistConfirmationPayload;
  'contact-message': ContactMessagePayload;
  'member-invitation': MemberInvitationPayload;
  'order-refunded': OrderRefundedPayload;
  'order-notice': OrderNoticePayload;
  'order-confirmation': OrderConfirmationPayload;
}

export interface RenderOptions {
  locale: Locale;
  siteUrl: string;
  /** Signs an Apple Wallet pass per ticket of an order confirmation; without it, no passes. */
  wallet?: WalletPassIssuer;
  /** Told when an optional part (a Wallet pass) could not be made and the mail goes without it. */
  onOptionalPartFailed?: (error: unknown, part: string) => void;
}

export async function renderSignInCodeEmail(
  payload: SignInCodePayload,
  { locale, siteUrl }: RenderOptions,
): Promise<RenderedEmail> {
  const element = (
    <SignInCodeEmail
      locale={locale}
      code={payload.code}
      newAccount={payload.newAccount}
      displayName={payload.displayName}
      validityMinutes={signInCodeValidityMinutes}
      siteUrl={siteUrl}
    />
  );
  return { subject: signInCodeMessages[locale].subject(payload.code), ...(await renderParts(element)) };
}

export async function renderWaitlistConfirmationEmail({ locale, siteUrl }: RenderOptions): Promise<RenderedEmail> {
  const element = <WaitlistConfirmationEmail locale={locale} siteUrl={siteUrl} />;
  return { subject: waitlistConfirmationMessages[locale].subject, ...(await renderParts(element)) };
}

/** For the operators: always in English, answered by replying (Reply-To is the visitor). */
export async function renderContactMessageEmail(payload: ContactMessagePayload): Promise<RenderedEmail> {
  const element = (
    <ContactMessageEmail
      name={payload.name}
      email={payload.email}
      message={payload.message}
      visitorLocale={payload.visitorLocale}
    />
  );
  return { subject: contactMessageMessages.subject, ...(await renderParts(element)), replyTo: payload.email };
}

export async function renderMemberInvitationEmail(
  payload: MemberInvitationPayload,
  { locale, siteUrl }: RenderOptions,
): Promise<RenderedEmail> {
  const element = (
    <MemberInvitationEmail
      locale={locale}
      organisationName={payload.organisationName}
      invitedBy={payload.invitedBy}
      firstName={payload.firstName}
      email={payload.email}
      acceptUrl={invitationLink(siteUrl, locale, payload.token)}
      expiresOn={formatExpiry(new Date(payload.expiresAt), locale)}
      siteUrl={siteUrl}
    />
  );
  return {
    subject: memberInvitationMessages[locale].subject(payload.invitedBy, payload.organisationName),
    ...(await renderParts(element)),
  };
}

export async function renderOrderRefundedEmail(
  payload: OrderRefundedPayload,
  { locale, siteUrl }: RenderOptions,
): Promise<RenderedEmail> {
  const element = (
    <OrderRefundedEmail
      locale={locale}
      kind={payload.kind}
      orderNumber={payload.orderNumber}
      amount={formatAmount(payload.amountMinor, payload.currency, locale)}
      orderUrl={orderPageLink(siteUrl, locale, payload.orderId, payload.orderAccessKey)}
      siteUrl={siteUrl}
    />
  );
  return { subject: orderRefundedSubject(payload, locale), ...(await renderParts(element)) };
}

export async function renderOrderNoticeEmail(
  payload: OrderNoticePayload,
  { locale, siteUrl }: RenderOptions,
): Promise<RenderedEmail> {
  const element = (
    <OrderNoticeEmail
      locale={locale}
      kind={payload.kind}
      orderNumber={payload.orderNumber}
      total={formatAmount(payload.totalMinor, payload.currency, locale)}
      orderUrl={orderPageLink(siteUrl, locale, payload.orderId, payload.orderAccessKey)}
      siteUrl={siteUrl}
    />
  );
  return { subject: orderNoticeSubject(payload, locale), ...(await renderParts(element)) };
}

/**
 * The order confirmation with its files: a QR image per ticket (inline, for the HTML), the PDF of all tickets, and a
 * Wallet pass per ticket when signing is configured. A pass that cannot be signed leaves the mail without passes
 * rather than without tickets.
 */
export async function renderOrderConfirmationEmail(
  payload: OrderConfirmationPayload,
  options: RenderOptions,
): Promise<RenderedEmail> {
  const { locale, siteUrl } = options;
  const qrImages = new Map<string, Buffer>();
  for (const ticket of payload.tickets) qrImages.set(ticket.id, qrPng(ticket.code));
  const pdf = await ticketsPdf(payload, locale, qrImages);

  let passes: MailAttachment[] = [];
  if (options.wallet) {
    try {
      passes = payload.tickets.map((ticket) => ({
        filename: walletPassName(ticket),
        content: options.wallet!.pass(payload, ticket, locale, siteUrl),
        contentType: 'application/vnd.apple.pkpass',
      }));
    } catch (error) {
      options.onOptionalPartFailed?.(error, 'wallet passes');
      passes = [];
    }
  }

  const element = (
    <OrderConfirmationEmail locale={locale} payload={payload} siteUrl={siteUrl} walletPasses={passes.length > 0} />
  );
  return {
    subject: orderConfirmationSubject(payload, locale),
    ...(await renderParts(element)),
    attachments: [
      ...payload.tickets.map((ticket) => ({
        filename: qrImageName(ticket),
        content: qrImages.get(ticket.id)!,
        contentType: 'image/png',
        cid: qrContentId(ticket),
      })),
      { filename: ticketsPdfName(payload.orderNumber), content: pdf, contentType: 'application/pdf' },
      ...passes,
    ],
  };
}

function orderConfirmationSubject(payload: OrderConfirmationPayload, locale: Locale): string {
  const { name, others } = headlineEvent(payload);
  return orderConfirmationMessages[locale].subject(name, others, payload.orderNumber);
}

function orderRefundedSubject(payload: OrderRefundedPayload, locale: Locale): string {
  return orderRefundedMessages[locale].kinds[payload.kind].subject(
    payload.orderNumber,
    formatAmount(payload.amountMinor, payload.currency, locale),
  );
}

function orderNoticeSubject(payload: OrderNoticePayload, locale: Locale): string {
  return orderNoticeMessages[locale].kinds[payload.kind].subject(payload.orderNumber);
}

/** The HTML and the plain-text part of one message. */
async function renderParts(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}

/**
 * The subject line as recorded with the message (and shown by ListMessages), without secrets. Templates whose subject
 * names things (an invitation, a refund) need their payload.
 */
export function recordedSubject<T extends TemplateName>(
  template: T,
  locale: Locale,
  payload?: TemplatePayloads[T],
): string {
  switch (template) {
    case 'signin-code':
      return signInCodeMessages[locale].subject(maskedCode);
    case 'waitlist-confirmation':
      return waitlistConfirmationMessages[locale].subject;
    case 'contact-message':
      return contactMessageMessages.subject;
    case 'member-invitation': {
      // Names are no secret: the invitation's subject is recorded as sent.
      const invitation = payload as MemberInvitationPayload | undefined;
      return memberInvitationMessages[locale].subject(invitation?.invitedBy ?? '', invitation?.organisationName ?? '');
    }
    case 'order-refunded':
      // An order number and an amount are no secret either.
      if (!payload) throw new Error('The subject of a refund e-mail needs its payload');
      return orderRefundedSubject(payload as OrderRefundedPayload, locale);
    case 'order-notice':
      if (!payload) throw new Error('The subject of an order notice needs its payload');
      return orderNoticeSubject(payload as OrderNoticePayload, locale);
    case 'order-confirmation':
      // Event names and the order number: what the guest needs to find the mail again, nothing secret.
      if (!payload) throw new Error('The subject of an order confirmation needs its payload');
      return orderConfirmationSubject(payload as OrderConfirmationPayload, locale);
  }
  throw new Error(`Unknown e-mail template ${String(template)}`);
}

export function renderTemplate<T extends TemplateName>(
  template: T,
  payload: TemplatePayloads[T],
  options: RenderOptions,
): Promise<RenderedEmail> {
  switch (template) {
    case 'signin-code':
      return renderSignInCodeEmail(payload as SignInCodePayload, options);
    case 'waitlist-confirmation':
      return renderWaitlistConfirmationEmail(options);
    case 'contact-message':
      return renderContactMessageEmail(payload as ContactMessagePayload);
    case 'member-invitation':
      return renderMemberInvitationEmail(payload as MemberInvitationPayload, options);
    case 'order-refunded':
      return renderOrderRefundedEmail(payload as OrderRefundedPayload, options);
    case 'order-notice':
      return renderOrderNoticeEmail(payload as OrderNoticePayload, options);
    case 'order-confirmation':
      return renderOrderConfirmationEmail(payload as OrderConfirmationPayload, options);
  }
  throw new Error(`Unknown e-mail template ${String(template)}`);
}
