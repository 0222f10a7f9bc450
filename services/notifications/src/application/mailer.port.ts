/** A file that goes with a mail; with `cid` it is an inline image the HTML shows as "cid:<cid>". */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  cid?: string;
}

/** An e-mail ready to hand to a mail server. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Reply-To, when answers should go elsewhere than From (the visitor of a contact form). */
  replyTo?: string;
  /** Extra headers, e.g. our message id so delivery reports can be matched. */
  headers?: Record<string, string>;
  /** The Message-ID header, "<…@…>"; the mailer makes one when not given. */
  messageId?: string;
  attachments?: MailAttachment[];
}

/** Where send-email hands mail; SMTP in the service (src/mail/smtp-mailer.ts). */
export interface Mailer {
  /** Resolves with the server's reply and the Message-ID it was sent with once it accepted the message; rejects otherwise. */
  send(mail: OutgoingMail): Promise<{ response: string; messageId: string }>;
  close(): void;
}
