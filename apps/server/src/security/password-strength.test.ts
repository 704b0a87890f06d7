import { describe, expect, it } from 'vitest';
import { weakPasswordMessage } from './password-strength.js';

describe('weakPasswordMessage', () => {
  it('refuses common and breached passwords, keyboard walks and repeats, with the reason', async () => {
    expect(await weakPasswordMessage('password')).toBe(
      'This password is too easy to guess (this is a heavily used password): choose a longer one, for example a few unrelated words',
    );
    for (const weak of ['Password1', 'qwertyuiop', 'iloveyou123', 'P@ssw0rd!', '12345678', 'aaaaaaaa', 'abcdefgh']) {
      expect(await weakPasswordMessage(weak), weak).toMatch(/^This password is too easy to guess/);
    }
  });

  it('accepts passphrases and long mixed passwords', async () => {
    for (const strong of ['correct horse battery', 'ivan remembers a long one', 'Changed-password-2', 'Tr0ub4dor&3']) {
      expect(await weakPasswordMessage(strong), strong).toBeNull();
    }
  });

  it("counts the account's own email and name as known words", async () => {
    const account = { email: 'ada.lovelace@example.com', full_name: 'Ada Lovelace' };
    expect(await weakPasswordMessage('ada.lovelace1')).toBeNull();
    expect(await weakPasswordMessage('ada.lovelace1', account)).toMatch(/^This password is too easy to guess/);
    expect(await weakPasswordMessage('lovelace1815', account)).toMatch(/personal/);
  });
});
