// Email behind one small interface (docs/conventions.md 4): SMTP through nodemailer when SMTP_URL is set,
// else the outbox keeps every message, readable on /dev/mail.

export type MailMessage = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  /** Stable per outbox row, so a receiving server can drop a duplicate after a crash. */
  messageId: string;
  /** A binary file (a PDF) travels as base64 text, with `encoding: 'base64'`. */
  attachments?: { filename: string; contentType: string; content: string; encoding?: 'base64' }[];
};

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<{ status: 'sent' | 'kept'; providerId: string | null }>;
}

export const outboxMailer: Mailer = {
  kind: 'outbox',
  async send() {
    return { status: 'kept', providerId: null };
  },
};
