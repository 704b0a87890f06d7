// The first administrator (FIRST_SUPERUSER / FIRST_SUPERUSER_PASSWORD), created at start-up when no
// user has that email. Without a configured password (development only; config.ts refuses it in
// production) a strong one is generated and handed back so main.ts can print it exactly once.

import type { UsersRepository } from '../repositories/index.js';
import { UniqueViolationError } from '../repositories/index.js';
import { randomSecret } from '../security/dev-secrets.js';
import { hashPassword } from '../security/passwords.js';

export type FirstSuperuserResult =
  | { created: false; email: string }
  | { created: true; email: string; generatedPassword: string | null };

export async function ensureFirstSuperuser(
  users: UsersRepository,
  wanted: { email: string; password: string | null },
): Promise<FirstSuperuserResult> {
  if (await users.findByEmail(wanted.email)) return { created: false, email: wanted.email };
  const generatedPassword = wanted.password ? null : randomSecret(18);
  try {
    await users.create({
      email: wanted.email,
      full_name: 'Administrator',
      hashed_password: await hashPassword(wanted.password ?? generatedPassword!),
      is_active: true,
      is_superuser: true,
    });
  } catch (error) {
    // Another server instance created it between our look-up and insert.
    if (error instanceof UniqueViolationError) return { created: false, email: wanted.email };
    throw error;
  }
  return { created: true, email: wanted.email, generatedPassword };
}
