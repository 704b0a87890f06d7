// Tables of the platform core. drizzle-kit turns this file into the SQL migrations in
// apps/server/drizzle/ (npm run db:generate -w apps/server); the same SQL runs on PGlite and
// PostgreSQL 15, so only plain PostgreSQL types and expression indexes are used here.

import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored as typed; uniqueness and look-ups go through lower(email). */
    email: text('email').notNull(),
    full_name: text('full_name'),
    /** argon2id PHC string; null for users who only sign in through an external provider. */
    hashed_password: text('hashed_password'),
    is_active: boolean('is_active').notNull().default(true),
    is_superuser: boolean('is_superuser').notNull().default(false),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.created_at, t.id),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 (hex) of the token mailed to the user; the token itself is never stored. */
    token_hash: text('token_hash').notNull(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.token_hash), index('password_reset_tokens_user_idx').on(t.user_id)],
);

/** OAuth `state` bound to the browser's session id (see LoginStateRecord in auth/contract.ts). */
export const loginStates = pgTable(
  'login_states',
  {
    state: text('state').primaryKey(),
    session_id: text('session_id').notNull(),
    nonce: text('nonce').notNull(),
    code_challenge: text('code_challenge').notNull(),
    redirect_uri: text('redirect_uri').notNull(),
    provider: text('provider').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    created_at: createdAt(),
  },
  (t) => [index('login_states_expires_idx').on(t.expires_at)],
);

/** oidc-provider's adapter storage: one row per (model, id), e.g. ('Session', '...'). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    model: text('model').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grant_id: text('grant_id'),
    user_code: text('user_code'),
    uid: text('uid'),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    consumed_at: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grant_id),
    index('oidc_payloads_uid_idx').on(t.model, t.uid),
    index('oidc_payloads_user_code_idx').on(t.model, t.user_code),
    index('oidc_payloads_expires_idx').on(t.expires_at),
  ],
);

export const schema = { users, passwordResetTokens, loginStates, oidcPayloads };
