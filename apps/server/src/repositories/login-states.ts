// OAuth `state` records for the sign-in module: saved when the login URL is handed out, taken
// (read and deleted in one statement, so single use) when the callback comes back.

import { eq, lt } from 'drizzle-orm';
import type { LoginStateRecord } from '../auth/contract.js';
import type { Db } from '../db/database.js';
import { loginStates } from '../db/schema.js';

export class LoginStatesRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async save(record: LoginStateRecord): Promise<void> {
    // Abandoned sign-ins leave rows behind; clearing expired ones here keeps the table small.
    await this.db.delete(loginStates).where(lt(loginStates.expires_at, this.now()));
    await this.db.insert(loginStates).values({
      state: record.state,
      session_id: record.session_id,
      nonce: record.nonce,
      code_challenge: record.code_challenge,
      redirect_uri: record.redirect_uri,
      provider: record.provider,
      expires_at: record.expires_at,
    });
  }

  async take(state: string): Promise<LoginStateRecord | null> {
    const [row] = await this.db.delete(loginStates).where(eq(loginStates.state, state)).returning();
    if (!row || row.expires_at.getTime() <= this.now().getTime()) return null;
    return {
      state: row.state,
      session_id: row.session_id,
      nonce: row.nonce,
      code_challenge: row.code_challenge,
      redirect_uri: row.redirect_uri,
      provider: row.provider,
      expires_at: row.expires_at,
    };
  }
}
