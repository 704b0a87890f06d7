// The server's public surface for tests, the e2e harness and other entry points.

export { buildApp, API_PREFIX, type BuildAppOptions } from './app.js';
export { buildConfig, ConfigError, DEFAULTS, findRepoRoot, type Config, type Env } from './config.js';
export { openDatabase, openPglite, openPostgres, type Database, type Db } from './db/database.js';
export { MIGRATIONS_FOLDER } from './paths.js';
export { createRepositories, type Repositories } from './repositories/index.js';
export { createAccessTokens, ACCESS_TOKEN_ISSUER, type AccessTokenService } from './security/tokens.js';
export { hashPassword, verifyPassword } from './security/passwords.js';
export { ensureFirstSuperuser } from './services/first-superuser.js';
export { BackgroundTasks } from './services/background-tasks.js';
export { createOutboxMailer, createSmtpMailer, type Mailer, type MailMessage, type OutboxMessage } from './mail/index.js';
export { rateLimits } from './http/rate-limits.js';
export { cspHeader } from './http/security-headers.js';
