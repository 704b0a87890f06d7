// Key-value storage with expiry for oidc-provider's adapter (sessions, interactions, grants, codes)
// and the sign-in module's own short records. Semantics follow oidc-provider's adapter interface:
// `find*` answers nothing once expired, and a consumed record carries `consumed: true`.

import { and, eq, isNull, lt, or, gt, sql, type SQL } from 'drizzle-orm';
import type { AuthDeps } from '../auth/contract.js';
import type { Db } from '../db/database.js';
import { oidcPayloads } from '../db/schema.js';

export type OidcStore = AuthDeps['oidcStore'];

const PURGE_INTERVAL_MS = 10 * 60 * 1000;

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export class OidcPayloadsRepository implements OidcStore {
  private lastPurge = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async upsert(model: string, id: string, payload: Record<string, unknown>, expiresInSeconds?: number): Promise<void> {
    await this.purgeExpiredNowAndThen();
    const expires_at = expiresInSeconds ? new Date(this.now().getTime() + expiresInSeconds * 1000) : null;
    const row = {
      id,
      model,
      payload,
      grant_id: text(payload.grantId),
      user_code: text(payload.userCode),
      uid: text(payload.uid),
      expires_at,
    };
    await this.db
      .insert(oidcPayloads)
      .values(row)
      .onConflictDoUpdate({
        target: [oidcPayloads.model, oidcPayloads.id],
        set: { payload, grant_id: row.grant_id, user_code: row.user_code, uid: row.uid, expires_at, consumed_at: null },
      });
  }

  find(model: string, id: string) {
    return this.findWhere(model, eq(oidcPayloads.id, id));
  }

  findByUid(model: string, uid: string) {
    return this.findWhere(model, eq(oidcPayloads.uid, uid));
  }

  findByUserCode(model: string, userCode: string) {
    return this.findWhere(model, eq(oidcPayloads.user_code, userCode));
  }

  async consume(model: string, id: string): Promise<void> {
    await this.db
      .update(oidcPayloads)
      .set({ consumed_at: this.now() })
      .where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
  }

  async destroy(model: string, id: string): Promise<void> {
    await this.db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.delete(oidcPayloads).where(eq(oidcPayloads.grant_id, grantId));
  }

  /** Forgets everything the provider keeps for one account (sessions, grants, codes): it must sign in again. */
  async destroyAccount(accountId: string): Promise<void> {
    await this.db.delete(oidcPayloads).where(sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`);
  }

  private async findWhere(model: string, match: SQL): Promise<Record<string, unknown> | undefined> {
    const [row] = await this.db
      .select()
      .from(oidcPayloads)
      .where(
        and(eq(oidcPayloads.model, model), match, or(isNull(oidcPayloads.expires_at), gt(oidcPayloads.expires_at, this.now()))),
      )
      .limit(1);
    if (!row) return undefined;
    return row.consumed_at ? { ...row.payload, consumed: true } : row.payload;
  }

  private async purgeExpiredNowAndThen(): Promise<void> {
    const now = this.now();
    if (now.getTime() - this.lastPurge < PURGE_INTERVAL_MS) return;
    this.lastPurge = now.getTime();
    await this.db.delete(oidcPayloads).where(lt(oidcPayloads.expires_at, now));
  }
}
