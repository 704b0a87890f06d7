// Account use cases: one's own profile, and user administration for superusers.
// Each use case checks permission first, then validates against stored data, then writes.

import type { UserCreate, UserUpdate, UserUpdateMe, UsersQuery } from '@simforge/contracts';
import { UniqueViolationError, type Repositories, type UserPatch, type UserRow } from '../repositories/index.js';
import { hashPassword, verifyPassword } from '../security/passwords.js';
import { emailTaken, incorrectPassword, samePassword, userNotFound } from './errors.js';
import { assertSuperuser, type Actor } from './policies.js';

export interface UsersService {
  updateMe(actor: Actor, input: UserUpdateMe): Promise<UserRow>;
  list(actor: Actor, page: UsersQuery): Promise<{ rows: UserRow[]; count: number }>;
  get(actor: Actor, userId: string): Promise<UserRow>;
  create(actor: Actor, input: UserCreate): Promise<UserRow>;
  update(actor: Actor, userId: string, input: UserUpdate): Promise<UserRow>;
}

/** Runs a write and answers 409 when the email belongs to someone else (the unique index decides). */
async function guardEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof UniqueViolationError) throw emailTaken();
    throw error;
  }
}

export function createUsersService(repos: Pick<Repositories, 'users'>): UsersService {
  const { users } = repos;

  return {
    async updateMe(actor, input) {
      const patch: UserPatch = {};
      if (input.password !== undefined) {
        // Without a stored password (external sign-in only) there is nothing to confirm against.
        const current = input.current_password ?? '';
        if (!actor.hashed_password || !(await verifyPassword(actor.hashed_password, current))) throw incorrectPassword();
        if (input.password === current) throw samePassword();
        patch.hashed_password = await hashPassword(input.password);
      }
      if (input.email !== undefined) patch.email = input.email;
      if (input.full_name !== undefined) patch.full_name = input.full_name;
      const updated = await guardEmail(() => users.update(actor.id, patch));
      if (!updated) throw userNotFound();
      return updated;
    },

    async list(actor, page) {
      assertSuperuser(actor);
      return users.list(page);
    },

    async get(actor, userId) {
      assertSuperuser(actor);
      const user = await users.findById(userId);
      if (!user) throw userNotFound();
      return user;
    },

    async create(actor, input) {
      assertSuperuser(actor);
      const hashed_password = await hashPassword(input.password);
      return guardEmail(() =>
        users.create({
          email: input.email,
          full_name: input.full_name ?? null,
          hashed_password,
          is_active: input.is_active,
          is_superuser: input.is_superuser,
        }),
      );
    },

    async update(actor, userId, input) {
      assertSuperuser(actor);
      const patch: UserPatch = {};
      if (input.email !== undefined) patch.email = input.email;
      if (input.full_name !== undefined) patch.full_name = input.full_name;
      if (input.is_active !== undefined) patch.is_active = input.is_active;
      if (input.is_superuser !== undefined) patch.is_superuser = input.is_superuser;
      if (input.password !== undefined) patch.hashed_password = await hashPassword(input.password);
      const updated = await guardEmail(() => users.update(userId, patch));
      if (!updated) throw userNotFound();
      return updated;
    },
  };
}
