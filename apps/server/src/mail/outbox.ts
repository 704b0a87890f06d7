// Mail for development and tests: each message becomes DATA_DIR/outbox/<timestamp>-<random>.json
// ({to, subject, text, html, created_at}), and the log names the file, so a developer without an
// SMTP server can still follow a password-reset link.

import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailLogger, Mailer, MailMessage } from './mailer.js';

export interface OutboxMessage extends MailMessage {
  created_at: string;
}

export function createOutboxMailer(options: { dir: string; log: MailLogger }): Mailer {
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      await mkdir(options.dir, { recursive: true });
      const createdAt = new Date().toISOString();
      // Colons are not allowed in Windows file names; the timestamp still sorts.
      const name = `${createdAt.replace(/:/g, '-')}-${randomBytes(4).toString('hex')}.json`;
      const path = join(options.dir, name);
      const body: OutboxMessage = { ...message, created_at: createdAt };
      await writeFile(path, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      options.log.info({ path, to: message.to, subject: message.subject, links }, `Mail written to the outbox: ${path}`);
    },
  };
}
