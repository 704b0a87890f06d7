// The sign-in module. The core calls `registerAuth(app, deps)` once, before the app listens:
// - the built-in OpenID provider `eis-wg` under `<publicUrl>/oidc` (always mounted),
// - GET  /api/v1/login/external-loginurl, POST /api/v1/login/auth-callback,
//   GET  /api/v1/login/logout-url, against the active provider (external when configured).

import type { AuthDeps, RegisterAuth } from './contract.js';
import { createBuiltinProvider } from './builtin-provider.js';
import { createLoginService } from './login-service.js';
import { loginRateLimits, registerLoginRoutes } from './login-routes.js';
import { mountBuiltinProvider } from './mount.js';
import { activeProvider, createOidcClients } from './oidc-client.js';

export type { AuthDeps, AuthUser, LoginStateRecord, RegisterAuth } from './contract.js';

export const registerAuth: RegisterAuth = async (app, deps: AuthDeps) => {
  const builtin = createBuiltinProvider(deps, app.log);
  await mountBuiltinProvider(app, builtin, deps);

  const target = activeProvider(deps, builtin.idTokenAlg);
  const clients = createOidcClients({ isProduction: deps.isProduction });
  const service = createLoginService({ deps, target, clients, log: app.log });
  await registerLoginRoutes(app, service, loginRateLimits(deps.signInRateLimitPerMinute));
  app.log.debug({ provider: target.name, issuer: target.issuer }, 'sign-in module registered');
};
