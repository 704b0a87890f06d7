import { describe, expect, it } from 'vitest';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.js';

describe('password hashing', () => {
  it('produces salted argon2id hashes that verify only the right password', async () => {
    const hashed = await hashPassword('correct horse battery');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('correct horse battery')).not.toBe(hashed);
    expect(await verifyPassword(hashed, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hashed, 'Correct horse battery')).toBe(false);
  });

  it('treats a malformed hash as a wrong password', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
    expect(await burnPasswordCheck('anything')).toBe(false);
  });
});
