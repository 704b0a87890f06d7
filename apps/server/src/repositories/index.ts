// The repositories as one bundle, with a transaction that hands out the same bundle bound to it.

import type { Db } from '../db/database.js';
import { LoginStatesRepository } from './login-states.js';
import { OidcPayloadsRepository } from './oidc-payloads.js';
import { PasswordResetTokensRepository } from './password-reset-tokens.js';
import { UsersRepository } from './users.js';

export interface Repositories {
  users: UsersRepository;
  resetTokens: PasswordResetTokensRepository;
  loginStates: LoginStatesRepository;
  oidcPayloads: OidcPayloadsRepository;
  /** Runs `work` in one database transaction; rolled back when it throws. */
  transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
}

export function createRepositories(db: Db, now: () => Date = () => new Date()): Repositories {
  return {
    users: new UsersRepository(db),
    resetTokens: new PasswordResetTokensRepository(db),
    loginStates: new LoginStatesRepository(db, now),
    oidcPayloads: new OidcPayloadsRepository(db, now),
    transaction: (work) => db.transaction((tx) => work(createRepositories(tx as unknown as Db, now))),
  };
}

export { UsersRepository, PasswordResetTokensRepository, LoginStatesRepository, OidcPayloadsRepository };
export type { UserRow, NewUser, UserPatch } from './users.js';
export { UniqueViolationError } from './errors.js';
