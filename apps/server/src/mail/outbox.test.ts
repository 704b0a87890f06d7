import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxMailer } from './outbox.js';
import { passwordResetMail } from './templates.js';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('outbox mailer', () => {
  it('writes each message as JSON into the outbox folder and logs its path and links', async () => {
    dir = mkdtempSync(join(tmpdir(), 'simforge-outbox-'));
    const logged: { obj: Record<string, unknown>; msg?: string }[] = [];
    const mailer = createOutboxMailer({ dir: join(dir, 'outbox'), log: { info: (obj, msg) => logged.push({ obj: obj as Record<string, unknown>, msg }) } });
    const message = passwordResetMail({ to: 'ann@example.com', fullName: 'Ann <Lee>', link: 'http://x.test/reset-password?token=t1', validHours: 48 });
    await mailer.send(message);
    await mailer.send(message);

    const files = readdirSync(join(dir, 'outbox')).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{8}\.json$/);
    const stored = JSON.parse(readFileSync(join(dir, 'outbox', files[0]!), 'utf8'));
    expect(Object.keys(stored).sort()).toEqual(['created_at', 'html', 'subject', 'text', 'to']);
    expect(stored.to).toBe('ann@example.com');
    expect(stored.text).toContain('http://x.test/reset-password?token=t1');
    expect(stored.text).toContain('48 hours');
    expect(stored.html).toContain('Ann &#60;Lee&#62;');
    expect(statSync(join(dir, 'outbox', files[0]!)).mode & 0o777).toBe(0o600);
    // Both messages may carry the same millisecond, so the name order need not be the send order.
    expect(logged.map(({ obj }) => obj.path).sort()).toEqual(files.map((file) => join(dir, 'outbox', file)));
    expect(logged[0]!.obj).toMatchObject({ links: ['http://x.test/reset-password?token=t1'] });
  });
});
