import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { Harness, HOUR, expectInvalidField, expectStatus, uniqueEmail, visitorIp } from '../harness.js';
import type { GetHarness } from '../harness.js';

const SENT = { msg: 'If that email is registered, a password recovery email has been sent' };
const UPDATED = { msg: 'Password updated successfully' };

export function recoveryTests(h: GetHarness): void {
  it('gives the same answer for an unknown email and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const res = await h().forgotPassword(email);
    expectStatus(res, 200);
    expect(res.json()).toEqual(SENT);
    expect(h().mailTo(email)).toEqual([]);
  });

  it('mails a working single-use reset link to a registered user', async () => {
    const frank = await h().signUp({ password: 'forgotten password' });
    const res = await h().forgotPassword(frank.email.toUpperCase());
    expectStatus(res, 200);
    expect(res.json()).toEqual(SENT);

    const [mail] = h().mailTo(frank.email);
    expect(mail).toMatchObject({ to: frank.email, subject: expect.any(String), created_at: expect.any(String) });
    expect(mail!.html).toContain('href="http://simforge.test/reset-password?token=');
    const link = h().resetLinkFor(frank.email);
    expect(`${link.origin}${link.pathname}`).toBe('http://simforge.test/reset-password');
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(43);

    const reset = await h().resetPassword(token, 'remembered password');
    expectStatus(reset, 200);
    expect(reset.json()).toEqual(UPDATED);
    expect(await h().canSignIn(frank.email, 'remembered password')).toBe(true);
    expect(await h().canSignIn(frank.email, 'forgotten password')).toBe(false);

    expectStatus(await h().resetPassword(token, 'a third password'), 400, 'Invalid token');
    expect(await h().canSignIn(frank.email, 'remembered password')).toBe(true);
  });

  it('stores only a hash of the token', async () => {
    const gina = await h().signUp();
    await h().forgotPassword(gina.email);
    const token = h().resetLinkFor(gina.email).searchParams.get('token')!;
    // A direct look at the table is the point of this test.
    const result = await h().database.db.execute(sql`select token_hash from password_reset_tokens where user_id = ${gina.id}`);
    const hashes = (result as unknown as { rows: { token_hash: string }[] }).rows.map((r) => r.token_hash);
    expect(hashes).toHaveLength(1);
    expect(hashes[0]).not.toContain(token);
    expect(hashes[0]).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps a link valid for 48 hours and not longer', async () => {
    const hank = await h().signUp();
    await h().forgotPassword(hank.email);
    const early = h().resetLinkFor(hank.email).searchParams.get('token')!;
    h().clock.advance(47 * HOUR);
    try {
      expectStatus(await h().resetPassword(early, 'within the window'), 200);
      await h().forgotPassword(hank.email);
      const late = h().resetLinkFor(hank.email).searchParams.get('token')!;
      h().clock.advance(48 * HOUR + 60_000);
      expectStatus(await h().resetPassword(late, 'too late by a minute'), 400, 'Invalid token');
      expect(await h().canSignIn(hank.email, 'within the window')).toBe(true);
    } finally {
      h().clock.advance(-(95 * HOUR + 60_000));
    }
  });

  it('invalidates the other links once one has been used', async () => {
    const ivy = await h().signUp();
    await h().forgotPassword(ivy.email);
    await h().forgotPassword(ivy.email);
    const [first, second] = h().mailTo(ivy.email).map((m) => new URL(m.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!);
    expectStatus(await h().resetPassword(second!, 'from the second mail'), 200);
    expectStatus(await h().resetPassword(first!, 'from the first mail'), 400, 'Invalid token');
  });

  it('refuses a made-up token and validates the new password', async () => {
    expectStatus(await h().resetPassword('made-up-token', 'whatever password'), 400, 'Invalid token');
    expectInvalidField(await h().resetPassword('made-up-token', 'short'), ['body', 'new_password'], 'Minimum length is 8');
    expectInvalidField(await h().post('reset-password/', { body: { new_password: 'long enough' } }), ['body', 'token'], 'This field is required');
  });

  it('sends nothing to an inactive account', async () => {
    const dormant = await h().signUp({ is_active: false });
    expect((await h().forgotPassword(dormant.email)).json()).toEqual(SENT);
    expect(h().mailTo(dormant.email)).toEqual([]);
  });

  it('accepts a recovery request sent with an empty JSON body', async () => {
    const res = await h().post(`password-recovery/${uniqueEmail()}`, { headers: { 'content-type': 'application/json' } });
    expectStatus(res, 200);
  });

  it('limits recovery requests per client and per email (429)', async () => {
    const ip = visitorIp();
    for (let i = 0; i < 5; i++) expectStatus(await h().forgotPassword(uniqueEmail(), ip), 200);
    const sixth = await h().forgotPassword(uniqueEmail(), ip);
    expectStatus(sixth, 429, 'Too many requests, please try again later');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);

    const target = await h().signUp();
    for (let i = 0; i < 5; i++) expectStatus(await h().forgotPassword(target.email), 200);
    expectStatus(await h().forgotPassword(target.email.toUpperCase()), 429, 'Too many requests, please try again later');
    expect(h().mailTo(target.email)).toHaveLength(5);
  });

  it('limits reset attempts per client (429)', async () => {
    const ip = visitorIp();
    for (let i = 0; i < 10; i++) expectStatus(await h().resetPassword(`guess-${i}`, 'long enough', ip), 400, 'Invalid token');
    expectStatus(await h().resetPassword('guess-11', 'long enough', ip), 429, 'Too many requests, please try again later');
  });

  it('answers normally and logs when the mail cannot be sent', async () => {
    const logLines: string[] = [];
    const failing = await Harness.on(h().database, {
      mailer: () => ({
        kind: 'smtp',
        send: async () => {
          throw new Error('connect ECONNREFUSED 127.0.0.1:25');
        },
      }),
      app: { logger: { level: 'error', stream: { write: (line: string) => void logLines.push(line) } } },
    });
    try {
      const jane = await failing.signUp();
      const res = await failing.forgotPassword(jane.email);
      expectStatus(res, 200);
      expect(res.json()).toEqual(SENT);
      expect(logLines.join('')).toContain('Could not send the password recovery email');
      expect(logLines.join('')).toContain('ECONNREFUSED');
    } finally {
      await failing.close();
    }
  });
}
