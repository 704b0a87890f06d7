// Password recovery (the product decisions): the request always gets the same answer, and the look-up,
// token and mail happen in the background, so neither the answer nor its timing tells whether an
// email is registered, and a failing mail server never turns into a 500. The reset link carries a
// random single-use token valid 48 h; the database keeps only its SHA-256. A reset ends every
// earlier session of the user (AccountSessions), and the new password must be hard to guess.

import type { Mailer } from '../mail/index.js';
import { passwordResetMail } from '../mail/index.js';
import type { Repositories } from '../repositories/index.js';
import { randomUrlToken, sha256Hex } from '../security/tokens.js';
import type { AccountSessions } from './account-sessions.js';
import type { BackgroundTasks } from './background-tasks.js';
import { inactiveUser, invalidToken } from './errors.js';
import { hashStrongPassword } from './users.js';

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
  sessions: AccountSessions;
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
      const tokenHash = sha256Hex(input.token);
      // The link's owner is looked up first (without using the link), so a password that is too
      // easy to guess is refused with the link still valid for a better one.
      const owner = await repos.resetTokens.findUsableOwner(tokenHash, at);
      const user = owner ? await repos.users.findById(owner) : null;
      if (!user) throw invalidToken();
      if (!user.is_active) throw inactiveUser();
      const hashed_password = await hashStrongPassword(input.new_password, 'new_password', user);
      await repos.transaction(async (tx) => {
        const userId = await tx.resetTokens.consume(tokenHash, at);
        if (userId !== user.id) throw invalidToken();
        if (!(await deps.sessions.updateEndingSessions(user.id, { hashed_password }, tx))) throw invalidToken();
        await tx.resetTokens.invalidateForUser(user.id, at);
      });
      deps.sessions.announce(user.id);
    },
  };
}
