import { join } from 'node:path';
import type { Config } from '../config.js';
import type { MailLogger, Mailer } from './mailer.js';
import { createOutboxMailer } from './outbox.js';
import { createSmtpMailer } from './smtp.js';

export type { Mailer, MailMessage, MailLogger } from './mailer.js';
export type { OutboxMessage } from './outbox.js';
export { createOutboxMailer, createSmtpMailer };
export { passwordResetMail } from './templates.js';

/** SMTP when SMTP_URL is set, otherwise the outbox folder under DATA_DIR. */
export function createMailer(config: Config, log: MailLogger): Mailer {
  return config.mail.smtpUrl
    ? createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from })
    : createOutboxMailer({ dir: join(config.dataDir, 'outbox'), log });
}
