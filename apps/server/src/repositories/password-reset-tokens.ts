// Single-use password reset tokens. Only the SHA-256 of a token is stored; consuming is one UPDATE
// guarded by `used_at IS NULL AND expires_at > now`, so two concurrent uses cannot both succeed.

import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { passwordResetTokens } from '../db/schema.js';

const usable = (tokenHash: string, now: Date) =>
  and(eq(passwordResetTokens.token_hash, tokenHash), isNull(passwordResetTokens.used_at), gt(passwordResetTokens.expires_at, now));

export class PasswordResetTokensRepository {
  constructor(private readonly db: Db) {}

  async create(input: { user_id: string; token_hash: string; expires_at: Date }): Promise<void> {
    await this.db.insert(passwordResetTokens).values(input);
  }

  /** The user of a token that is neither used nor expired at `now`, without using it; null otherwise. */
  async findUsableOwner(tokenHash: string, now: Date): Promise<string | null> {
    const [row] = await this.db
      .select({ user_id: passwordResetTokens.user_id })
      .from(passwordResetTokens)
      .where(usable(tokenHash, now))
      .limit(1);
    return row?.user_id ?? null;
  }

  /** Marks the token used and answers its user id; null when unknown, used or expired at `now`. */
  async consume(tokenHash: string, now: Date): Promise<string | null> {
    const [row] = await this.db
      .update(passwordResetTokens)
      .set({ used_at: now })
      .where(usable(tokenHash, now))
      .returning({ user_id: passwordResetTokens.user_id });
    return row?.user_id ?? null;
  }

  /** After a successful reset, other links mailed to the same user stop working too. */
  async invalidateForUser(userId: string, now: Date): Promise<void> {
    await this.db
      .update(passwordResetTokens)
      .set({ used_at: now })
      .where(and(eq(passwordResetTokens.user_id, userId), isNull(passwordResetTokens.used_at)));
  }

  /** Housekeeping: rows that expired before `before` serve no purpose. */
  async deleteExpired(before: Date): Promise<void> {
    await this.db.delete(passwordResetTokens).where(lt(passwordResetTokens.expires_at, before));
  }
}
