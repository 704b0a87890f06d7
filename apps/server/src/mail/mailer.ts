// What the rest of the server knows about email: one message shape and one `send`.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Which implementation, for logs and the health page. */
  readonly kind: 'smtp' | 'outbox' | (string & {});
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}

/** The minimal logger the mailers use (Fastify's logger fits). */
export interface MailLogger {
  info(obj: object, msg?: string): void;
}
