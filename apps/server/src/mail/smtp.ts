// Mail through an SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465).

import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer.js';

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail({ from: options.from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}
