// The text of the emails the server sends. Plain text first; the HTML mirrors it.

import type { MailMessage } from './mailer.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function passwordResetMail(input: { to: string; fullName: string | null; link: string; validHours: number }): MailMessage {
  const greeting = input.fullName ? `Hello ${input.fullName},` : 'Hello,';
  const text = [
    greeting,
    '',
    `Someone asked to reset the SimForge password of ${input.to}.`,
    `To choose a new password, open this link within ${input.validHours} hours:`,
    '',
    input.link,
    '',
    'The link works once. If you did not ask for it, ignore this email: your password stays as it is.',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>Someone asked to reset the SimForge password of ${escapeHtml(input.to)}.
To choose a new password, open this link within ${input.validHours} hours:</p>
<p><a href="${escapeHtml(input.link)}">Reset your password</a></p>
<p>The link works once. If you did not ask for it, ignore this email: your password stays as it is.</p>`;
  return { to: input.to, subject: 'SimForge: reset your password', text, html };
}
