// All SQL about users. Emails are stored as typed (trimmed) and compared through lower(email),
// which the unique index users_email_lower_key also enforces.

import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { users } from '../db/schema.js';
import { isUuid, rethrowUniqueViolation } from './errors.js';

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  email: string;
  full_name: string | null;
  hashed_password: string | null;
  is_active: boolean;
  is_superuser: boolean;
}

export type UserPatch = Partial<NewUser>;

const emailMatches = (email: string) => sql`lower(${users.email}) = lower(${email.trim()})`;

export class UsersRepository {
  constructor(private readonly db: Db) {}

  async findById(id: string): Promise<UserRow | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  async findByEmail(email: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(emailMatches(email)).limit(1);
    return row ?? null;
  }

  /** Throws UniqueViolationError when the email is taken (case-insensitively). */
  async create(input: NewUser): Promise<UserRow> {
    try {
      const [row] = await this.db
        .insert(users)
        .values({ ...input, email: input.email.trim() })
        .returning();
      return row!;
    } catch (error) {
      rethrowUniqueViolation(error);
    }
  }

  /**
   * Null when there is no such user; throws UniqueViolationError when the new email is taken.
   * `endSessions` raises the token version in the same statement, which ends every earlier token.
   */
  async update(id: string, patch: UserPatch, options: { endSessions?: boolean } = {}): Promise<UserRow | null> {
    if (!isUuid(id)) return null;
    const values = {
      ...patch,
      ...(patch.email !== undefined ? { email: patch.email.trim() } : {}),
      ...(options.endSessions ? { token_version: sql`${users.token_version} + 1` } : {}),
      updated_at: new Date(),
    };
    try {
      const [row] = await this.db.update(users).set(values).where(eq(users.id, id)).returning();
      return row ?? null;
    } catch (error) {
      rethrowUniqueViolation(error);
    }
  }

  /** One page in creation order (id breaks ties so pages never overlap). */
  async list(page: { skip: number; limit: number }): Promise<{ rows: UserRow[]; count: number }> {
    const rows = await this.db
      .select()
      .from(users)
      .orderBy(asc(users.created_at), asc(users.id))
      .offset(page.skip)
      .limit(page.limit);
    return { rows, count: await this.count() };
  }

  /** Deletes the user; their simulations, runs, results, chat and tokens go with them (ON DELETE CASCADE). */
  async delete(id: string): Promise<boolean> {
    const rows = await this.db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    return rows.length > 0;
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(users);
    return Number(row?.n ?? 0);
  }
}
