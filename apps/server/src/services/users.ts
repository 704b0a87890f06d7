// Account use cases: one's own profile, and user administration for superusers.
// Each use case checks permission first, then validates against stored data, then writes.
// A new password or a deactivation ends the user's earlier sessions (AccountSessions); changing
// one's own email or password needs the current password (docs/adr/0004).

import type { UserCreate, UserUpdate, UserUpdateMe, UsersQuery } from '@simforge/contracts';
import { UniqueViolationError, type Repositories, type UserPatch, type UserRow } from '../repositories/index.js';
import { weakPasswordMessage } from '../security/password-strength.js';
import { hashPassword, verifyPassword } from '../security/passwords.js';
import type { AccessTokenService } from '../security/tokens.js';
import type { AccountSessions } from './account-sessions.js';
import { ApiError, emailTaken, incorrectPassword, samePassword, userNotFound, weakPassword } from './errors.js';
import { assertSuperuser, type Actor } from './policies.js';

export interface UsersService {
  /** `access_token` when the password changed: every earlier token has ended, this one replaces the caller's. */
  updateMe(actor: Actor, input: UserUpdateMe): Promise<{ user: UserRow; access_token?: string }>;
  list(actor: Actor, page: UsersQuery): Promise<{ rows: UserRow[]; count: number }>;
  get(actor: Actor, userId: string): Promise<UserRow>;
  create(actor: Actor, input: UserCreate): Promise<UserRow>;
  update(actor: Actor, userId: string, input: UserUpdate): Promise<UserRow>;
  /** One's own account, with everything it owns (a superuser keeps theirs: the admin area needs one). */
  deleteMe(actor: Actor): Promise<void>;
  /** Another user's account with everything it owns (superuser). */
  remove(actor: Actor, userId: string): Promise<void>;
}

/** What deleting an account must do first: stop the owner's queued and running simulations. */
export interface OwnedSimulations {
  abortActive(actor: Actor, ownerId: string): Promise<void>;
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

/** The argon2id hash of a password that is hard enough to guess; 422 on `field` otherwise. */
export async function hashStrongPassword(
  password: string,
  field: string,
  account: { email?: string | null; full_name?: string | null },
): Promise<string> {
  const weak = await weakPasswordMessage(password, account);
  if (weak) throw weakPassword(field, weak);
  return hashPassword(password);
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Superusers may not delete their own account (the full-stack template's rule and message). */
const superuserSelfDelete = () => new ApiError(403, 'Super users are not allowed to delete themselves');

export function createUsersService(deps: {
  repos: Pick<Repositories, 'users'>;
  sessions: AccountSessions;
  tokens: AccessTokenService;
  simulations: OwnedSimulations;
}): UsersService {
  const { repos, sessions, tokens } = deps;
  const { users } = repos;

  async function deleteAccount(actor: Actor, userId: string): Promise<void> {
    await deps.simulations.abortActive(actor, userId);
    if (!(await users.delete(userId))) throw userNotFound();
  }

  return {
    async updateMe(actor, input) {
      const patch: UserPatch = {};
      const changesEmail = input.email !== undefined && !sameEmail(input.email, actor.email);
      const current = input.current_password ?? '';
      if (input.password !== undefined || changesEmail) {
        // Without a stored password (external sign-in only) there is nothing to confirm against.
        if (!actor.hashed_password || !(await verifyPassword(actor.hashed_password, current))) throw incorrectPassword();
      }
      if (input.email !== undefined) patch.email = input.email;
      if (input.full_name !== undefined) patch.full_name = input.full_name;
      if (input.password === undefined) {
        const updated = await guardEmail(() => users.update(actor.id, patch));
        if (!updated) throw userNotFound();
        return { user: updated };
      }
      if (input.password === current) throw samePassword();
      patch.hashed_password = await hashStrongPassword(input.password, 'password', {
        email: patch.email ?? actor.email,
        full_name: patch.full_name ?? actor.full_name,
      });
      const updated = await guardEmail(() => sessions.updateEndingSessions(actor.id, patch));
      if (!updated) throw userNotFound();
      return { user: updated, access_token: await tokens.issue(updated) };
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
      const hashed_password = await hashStrongPassword(input.password, 'password', input);
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
      const existing = await users.findById(userId);
      if (!existing) throw userNotFound();
      const patch: UserPatch = {};
      if (input.email !== undefined) patch.email = input.email;
      if (input.full_name !== undefined) patch.full_name = input.full_name;
      if (input.is_active !== undefined) patch.is_active = input.is_active;
      if (input.is_superuser !== undefined) patch.is_superuser = input.is_superuser;
      if (input.password !== undefined) {
        patch.hashed_password = await hashStrongPassword(input.password, 'password', {
          email: patch.email ?? existing.email,
          full_name: patch.full_name ?? existing.full_name,
        });
      }
      const endsSessions = input.password !== undefined || input.is_active === false;
      const updated = await guardEmail(() =>
        endsSessions ? sessions.updateEndingSessions(userId, patch) : users.update(userId, patch),
      );
      if (!updated) throw userNotFound();
      return updated;
    },

    async deleteMe(actor) {
      if (actor.is_superuser) throw superuserSelfDelete();
      await deleteAccount(actor, actor.id);
    },

    async remove(actor, userId) {
      assertSuperuser(actor);
      if (userId === actor.id) throw superuserSelfDelete();
      if (!(await users.findById(userId))) throw userNotFound();
      await deleteAccount(actor, userId);
    },
  };
}
