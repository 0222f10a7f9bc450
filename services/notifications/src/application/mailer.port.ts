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
}

/** Where send-email hands mail; SMTP in the service (src/mail/smtp-mailer.ts). */
export interface Mailer {
  /** Resolves with the server's reply once it accepted the message; rejects otherwise. */
  send(mail: OutgoingMail): Promise<{ response: string }>;
  close(): void;
}
