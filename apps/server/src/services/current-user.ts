// Turns an Authorization header into the acting user, with the product decisions' refusals in order:
// no bearer token 401, a token we did not sign or that expired 401, its user gone 404, inactive 400,
// a token of an ended session (its version is no longer the user's: docs/adr/0004) 401.

import type { UsersRepository } from '../repositories/index.js';
import type { AccessTokenService } from '../security/tokens.js';
import { couldNotValidate, inactiveUser, notAuthenticated, userNotFound } from './errors.js';
import type { Actor } from './policies.js';

export interface CurrentUserService {
  authenticate(authorization: string | undefined): Promise<Actor>;
}

export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match ? match[1]! : null;
}

export function createCurrentUserService(deps: { users: UsersRepository; tokens: AccessTokenService }): CurrentUserService {
  return {
    async authenticate(authorization) {
      const token = bearerToken(authorization);
      if (!token) throw notAuthenticated();
      const claims = await deps.tokens.verify(token);
      if (!claims) throw couldNotValidate();
      const user = await deps.users.findById(claims.sub);
      if (!user) throw userNotFound();
      if (!user.is_active) throw inactiveUser();
      if (claims.ver !== user.token_version) throw couldNotValidate();
      return user;
    },
  };
}
