// Password recovery (decisions.md): the request always gets the same answer, and the look-up,
// token and mail happen in the background, so neither the answer nor its timing tells whether an
// email is registered, and a failing mail server never turns into a 500. The reset link carries a
// random single-use token valid 48 h; the database keeps only its SHA-256.

import type { Mailer } from '../mail/index.js';
import { passwordResetMail } from '../mail/index.js';
import type { Repositories } from '../repositories/index.js';
import { hashPassword } from '../security/passwords.js';
import { randomUrlToken, sha256Hex } from '../security/tokens.js';
import type { BackgroundTasks } from './background-tasks.js';
import { inactiveUser, invalidToken } from './errors.js';

export const RESET_TOKEN_VALID_HOURS = 48;
export const RECOVERY_ANSWER = 'If that email is registered, a password recovery email has been sent';
export const RESET_ANSWER = 'Password updated successfully';

export interface PasswordRecoveryService {
  /** Starts the recovery in the background; the caller answers RECOVERY_ANSWER regardless. */
  requestReset(email: string): void;
  resetPassword(input: { token: string; new_password: string }): Promise<void>;
}

export interface PasswordRecoveryDeps {
  repos: Repositories;
  mailer: Mailer;
  background: BackgroundTasks;
  publicUrl: string;
  now: () => Date;
  log: { error(obj: object, msg?: string): void };
}

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

export function createPasswordRecoveryService(deps: PasswordRecoveryDeps): PasswordRecoveryService {
  const { repos, mailer, now } = deps;

  async function sendResetLink(email: string): Promise<void> {
    const user = await repos.users.findByEmail(email);
    if (!user || !user.is_active) return;
    const token = randomUrlToken();
    const issuedAt = now();
    await repos.resetTokens.deleteExpired(issuedAt);
    await repos.resetTokens.create({
      user_id: user.id,
      token_hash: sha256Hex(token),
      expires_at: new Date(issuedAt.getTime() + RESET_TOKEN_VALID_HOURS * 3600_000),
    });
    const message = passwordResetMail({
      to: user.email,
      fullName: user.full_name,
      link: resetLink(deps.publicUrl, token),
      validHours: RESET_TOKEN_VALID_HOURS,
    });
    try {
      await mailer.send(message);
    } catch (error) {
      deps.log.error({ err: error, to: user.email, mailer: mailer.kind }, 'Could not send the password recovery email');
    }
  }

  return {
    requestReset(email) {
      deps.background.run('password-recovery', () => sendResetLink(email));
    },

    async resetPassword(input) {
      const at = now();
      const hashed_password = await hashPassword(input.new_password);
      await repos.transaction(async (tx) => {
        const userId = await tx.resetTokens.consume(sha256Hex(input.token), at);
        if (!userId) throw invalidToken();
        const user = await tx.users.findById(userId);
        if (!user) throw invalidToken();
        if (!user.is_active) throw inactiveUser();
        await tx.users.update(user.id, { hashed_password });
        await tx.resetTokens.invalidateForUser(user.id, at);
      });
    },
  };
}
