// Password hashing with argon2id (PHC string `$argon2id$v=19$m=...`). Parameters follow OWASP's
// minimum for argon2id (19 MiB, 2 passes, 1 lane): a few tens of milliseconds per hash, which keeps
// sign-in responsive and the test suite fast while making offline guessing expensive.

import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

// `Algorithm` is an ambient const enum, which isolatedModules cannot read at run time; 2 is Argon2id.
const ARGON2ID = 2 as Algorithm.Argon2id;

export const ARGON2_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a hash that is not a valid argon2 string. */
export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when there is no hash to check against (unknown email,
 * external-only account), so response times do not reveal which emails are registered.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword('simforge-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}
