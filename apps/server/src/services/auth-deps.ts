// The real AuthDeps for the sign-in module (src/auth/): configuration, the user table through the
// users repository, login states and oidc-provider storage in the database, our access tokens.

import type { AuthDeps, AuthUser } from '../auth/contract.js';
import type { Config } from '../config.js';
import { UniqueViolationError, type Repositories, type UserRow } from '../repositories/index.js';
import { burnPasswordCheck, verifyPassword } from '../security/passwords.js';
import type { AccessTokenService } from '../security/tokens.js';
import type { AccountSessions } from './account-sessions.js';
import type { CurrentUserService } from './current-user.js';

export function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    email: row.email,
    full_name: row.full_name,
    is_active: row.is_active,
    is_superuser: row.is_superuser,
  };
}

export function createAuthDeps(input: {
  config: Config;
  repos: Repositories;
  tokens: AccessTokenService;
  currentUser: CurrentUserService;
  sessions: AccountSessions;
}): AuthDeps {
  const { config, repos, tokens } = input;
  return {
    publicUrl: config.publicUrl,
    authProvider: config.auth.provider,
    isProduction: config.isProduction,
    signInRateLimitPerMinute: config.auth.signInRateLimitPerMinute,
    dataDir: config.dataDir,
    ...(config.auth.external ? { external: config.auth.external } : {}),
    builtin: config.auth.builtin,
    trustProxy: config.trustProxy,
    users: {
      async verifyCredentials(email, password) {
        const user = await repos.users.findByEmail(email);
        if (!user?.hashed_password) return burnPasswordCheck(password).then(() => null);
        if (!(await verifyPassword(user.hashed_password, password))) return null;
        return toAuthUser(user);
      },
      async findById(id) {
        const user = await repos.users.findById(id);
        return user ? toAuthUser(user) : null;
      },
      async findOrCreateExternal({ email, full_name }) {
        const existing = await repos.users.findByEmail(email);
        if (existing) return toAuthUser(existing);
        try {
          const created = await repos.users.create({
            email,
            full_name,
            hashed_password: null,
            is_active: true,
            is_superuser: false,
          });
          return toAuthUser(created);
        } catch (error) {
          // Two first sign-ins at once: the other one created the user.
          if (!(error instanceof UniqueViolationError)) throw error;
          const raced = await repos.users.findByEmail(email);
          if (!raced) throw error;
          return toAuthUser(raced);
        }
      },
    },
    // Bound functions rather than the repository objects: callers may destructure them.
    loginStates: {
      save: (record) => repos.loginStates.save(record),
      take: (state) => repos.loginStates.take(state),
    },
    oidcStore: {
      upsert: (model, id, payload, expiresInSeconds) => repos.oidcPayloads.upsert(model, id, payload, expiresInSeconds),
      find: (model, id) => repos.oidcPayloads.find(model, id),
      findByUid: (model, uid) => repos.oidcPayloads.findByUid(model, uid),
      findByUserCode: (model, userCode) => repos.oidcPayloads.findByUserCode(model, userCode),
      consume: (model, id) => repos.oidcPayloads.consume(model, id),
      destroy: (model, id) => repos.oidcPayloads.destroy(model, id),
      revokeByGrantId: (grantId) => repos.oidcPayloads.revokeByGrantId(grantId),
    },
    async issueAccessToken(user, extra) {
      // The token carries the user's current token version (an ended session's tokens do not).
      const row = await repos.users.findById(user.id);
      if (!row) throw new Error(`No user ${user.id} to issue an access token for`);
      return tokens.issue(row, extra);
    },
    verifyAccessToken: (token) => tokens.verify(token),
    async signOut(accessToken) {
      let user: UserRow;
      try {
        user = await input.currentUser.authenticate(`Bearer ${accessToken}`);
      } catch {
        return; // not valid (any more): there is nothing of it to end
      }
      await input.sessions.updateEndingSessions(user.id, {});
    },
  };
}
