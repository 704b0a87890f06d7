// What the server writes to its log when things go wrong (no secrets, no SQL parameters), and what
// it does for a browser at another address than PUBLIC_URL (docs/adr/0004). One PGlite database;
// each case starts the app with the logger or PUBLIC_URL it needs.

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pglite } from './databases.js';
import { databaseForBlock, Harness, expectStatus } from './harness.js';

const db = databaseForBlock(pglite);

/** An app on the shared database whose log lines (level info and up) land in `lines`. */
async function loggedApp(env: Record<string, string> = {}): Promise<{ h: Harness; lines: string[] }> {
  const lines: string[] = [];
  const h = await Harness.on(db().database, {
    env,
    app: { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } }, jobs: false },
  });
  return { h, lines };
}

describe('the log', () => {
  it('never shows a password hash, a token or the parameters of a failed user insert', async () => {
    const { h, lines } = await loggedApp();
    try {
      await db().database.db.execute(sql`
        create or replace function refuse_user_insert() returns trigger language plpgsql as $$
        begin raise exception 'could not extend file: No space left on device'; end $$`);
      await db().database.db.execute(sql`
        create trigger refuse_user_insert before insert on users for each row
        when (new.email like 'refused.%') execute function refuse_user_insert()`);
      await db().database.db.execute(sql`alter table users add constraint no_checked_emails check (email not like 'checked.%')`);
      const admin = await h.asAdmin();
      const password = 'a secret nobody may read';
      for (const email of ['refused.one@example.com', 'checked.two@example.com']) {
        const res = await h.post('users/', { as: admin, body: { email, password, full_name: 'Never Stored' } });
        expectStatus(res, 500, 'Internal Server Error');
      }
      // A reset link opened in the browser: its token is in the address of a logged request.
      expectStatus(await h.get('/reset-password?token=mailed-reset-token-123', { headers: { accept: 'text/html' } }), 200);

      const log = lines.join('');
      expect(log).toContain('Request failed');
      expect(log).toContain('"type":"DrizzleQueryError","message":"Failed query: insert into');
      expect(log).toContain('params: [redacted]');
      expect(log).toContain('No space left on device');
      expect(log).not.toMatch(/\$argon2/);
      expect(log).not.toContain(password);
      expect(log).not.toContain(admin.token);
      expect(log).not.toContain('mailed-reset-token-123');
      expect(log).not.toContain('Never Stored');
    } finally {
      await db().database.db.execute(sql`drop trigger if exists refuse_user_insert on users`);
      await db().database.db.execute(sql`alter table users drop constraint if exists no_checked_emails`);
      await h.close();
    }
  });
});

describe('a browser at another address than PUBLIC_URL', () => {
  const page = { accept: 'text/html' };

  it('is sent from a loopback alias to the loopback PUBLIC_URL (same port)', async () => {
    const { h } = await loggedApp({ PUBLIC_URL: 'http://localhost:8000' });
    try {
      for (const host of ['127.0.0.1:8000', '[::1]:8000']) {
        const res = await h.get('/login?next=%2Fmain', { headers: { ...page, host } });
        expect(res.statusCode, host).toBe(308);
        expect(res.headers.location).toBe('http://localhost:8000/login?next=%2Fmain');
      }
      expectStatus(await h.get('/login', { headers: { ...page, host: 'localhost:8000' } }), 200);
      expectStatus(await h.get('/login', { headers: { ...page, host: '127.0.0.1:9000' } }), 200);
      expectStatus(await h.get('utils/config', { headers: { host: '127.0.0.1:8000' } }), 200);
    } finally {
      await h.close();
    }
  });

  it('is not redirected when PUBLIC_URL is not a loopback address', async () => {
    const { h } = await loggedApp();
    try {
      expectStatus(await h.get('/login', { headers: { ...page, host: '127.0.0.1:8000' } }), 200);
    } finally {
      await h.close();
    }
  });

  it('is told in the server log which address to use when sign-in starts elsewhere', async () => {
    const { h, lines } = await loggedApp({ PUBLIC_URL: 'http://localhost:8000' });
    try {
      const res = await h.get('login/external-loginurl', {
        query: { redirect_uri: 'http://192.168.1.20:8000/auth-callback', session_id: 'browser-session-1' },
      });
      expectStatus(res, 400, "redirect_uri must be this site's auth-callback address");
      const log = lines.join('');
      expect(log).toContain('the browser is at http://192.168.1.20:8000, but PUBLIC_URL is http://localhost:8000');
      expect(log).toContain('Open SimForge at http://localhost:8000');
    } finally {
      await h.close();
    }
  });
});
