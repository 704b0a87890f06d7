// All SQL about users' display preferences: one row per user who chose something.

import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { userPreferences } from '../db/schema.js';

export type UserPreferencesRow = typeof userPreferences.$inferSelect;

export class UserPreferencesRepository {
  constructor(private readonly db: Db) {}

  async find(userId: string): Promise<UserPreferencesRow | null> {
    const [row] = await this.db.select().from(userPreferences).where(eq(userPreferences.user_id, userId)).limit(1);
    return row ?? null;
  }

  async save(userId: string, values: { unit_system: string }, now: Date): Promise<UserPreferencesRow> {
    const [row] = await this.db
      .insert(userPreferences)
      .values({ user_id: userId, ...values, updated_at: now })
      .onConflictDoUpdate({ target: userPreferences.user_id, set: { ...values, updated_at: now } })
      .returning();
    return row!;
  }
}
