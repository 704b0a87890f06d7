// Tables of the platform core. drizzle-kit turns this file into the SQL migrations in
// apps/server/drizzle/ (npm run db:generate -w apps/server); the same SQL runs on PGlite and
// PostgreSQL 15, so only plain PostgreSQL types and expression indexes are used here.

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Every point in time is stored with its zone. */
const timestampTz = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => timestampTz('created_at').notNull().defaultNow();
const updatedAt = () => timestampTz('updated_at').notNull().defaultNow();

/** A row's required parent (a user, a simulation, a run): deleting the parent deletes the row. */
const partOf = (name: string, parent: () => AnyPgColumn) => uuid(name).notNull().references(parent, { onDelete: 'cascade' });

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
    /**
     * Access tokens carry the version they were issued under (claim `ver`); raising it ends every
     * earlier token (password changed or reset, sign-out, deactivation).
     */
    token_version: integer('token_version').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
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
    user_id: partOf('user_id', () => users.id),
    expires_at: timestampTz('expires_at').notNull(),
    used_at: timestampTz('used_at'),
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
    expires_at: timestampTz('expires_at').notNull(),
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
    expires_at: timestampTz('expires_at'),
    consumed_at: timestampTz('consumed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grant_id),
    index('oidc_payloads_uid_idx').on(t.model, t.uid),
    index('oidc_payloads_user_code_idx').on(t.model, t.user_code),
    index('oidc_payloads_expires_idx').on(t.expires_at),
  ],
);

// --- simulations ------------------------------------------------------------------------------

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // pg answers a Buffer, PGlite a Uint8Array: both are Uint8Arrays.
  fromDriver: (value) => value,
  toDriver: (value) => value,
});

export interface StoredError {
  code: string;
  message: string;
}

export interface StoredScalar {
  value: number | string;
  unit: string;
  label: string;
}

/** One simulation (the product decisions, "Simulations"). `status` is one of the contracts' simulationStatuses. */
export const simulations = pgTable(
  'simulations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    owner_id: partOf('owner_id', () => users.id),
    title: text('title').notNull(),
    description: text('description'),
    family: text('family').notNull(),
    type: text('type').notNull(),
    parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('draft'),
    progress: doublePrecision('progress').notNull().default(0),
    error: jsonb('error').$type<StoredError>(),
    summary: jsonb('summary').$type<Record<string, StoredScalar>>(),
    solver_version: text('solver_version'),
    revision: integer('revision').notNull().default(1),
    /** The latest run (null for a draft that never ran, or after its parameters changed). */
    current_run_id: uuid('current_run_id'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    started_at: timestampTz('started_at'),
    finished_at: timestampTz('finished_at'),
  },
  (t) => [
    index('simulations_owner_updated_idx').on(t.owner_id, t.updated_at),
    index('simulations_status_idx').on(t.status),
    index('simulations_updated_idx').on(t.updated_at),
  ],
);

/**
 * Every run of a simulation: the parameter snapshot, solver version, timings, status and summary.
 * `attempt` counts executions of the same run (a run re-queued after its process died is executed
 * again); `worker` and `heartbeat_at` say which process executes it and that it is alive.
 */
export const simulationRuns = pgTable(
  'simulation_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    simulation_id: partOf('simulation_id', () => simulations.id),
    number: integer('number').notNull(),
    status: text('status').notNull().default('queued'),
    attempt: integer('attempt').notNull().default(1),
    parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull(),
    type: text('type').notNull(),
    solver_version: text('solver_version'),
    job_id: text('job_id'),
    worker: text('worker'),
    heartbeat_at: timestampTz('heartbeat_at'),
    queued_at: timestampTz('queued_at').notNull().defaultNow(),
    started_at: timestampTz('started_at'),
    finished_at: timestampTz('finished_at'),
    duration_seconds: doublePrecision('duration_seconds'),
    summary: jsonb('summary').$type<Record<string, StoredScalar>>(),
    error: jsonb('error').$type<StoredError>(),
  },
  (t) => [uniqueIndex('simulation_runs_number_key').on(t.simulation_id, t.number), index('simulation_runs_status_idx').on(t.status)],
);

/** The complete log of each run; `seq` numbers the lines of a run from 1. */
export const simulationLog = pgTable(
  'simulation_log',
  {
    run_id: partOf('run_id', () => simulationRuns.id),
    seq: integer('seq').notNull(),
    /** Seconds since the run (attempt) started. */
    t: doublePrecision('t').notNull(),
    level: text('level').notNull(),
    message: text('message').notNull(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.run_id, t.seq] })],
);

/** What a completed run produced: the summary and the 1-D series (fields are stored apart, per name). */
export const simulationResults = pgTable('simulation_results', {
  run_id: uuid('run_id')
    .primaryKey()
    .references(() => simulationRuns.id, { onDelete: 'cascade' }),
  summary: jsonb('summary').$type<Record<string, StoredScalar>>().notNull(),
  series: jsonb('series').$type<Record<string, unknown>>().notNull(),
  created_at: createdAt(),
});

/** 2-D/3-D fields of a run: metadata (label, unit, shape, grid) and the values as little-endian Float32. */
export const simulationResultFields = pgTable(
  'simulation_result_fields',
  {
    run_id: partOf('run_id', () => simulationRuns.id),
    name: text('name').notNull(),
    meta: jsonb('meta').$type<{ label: string; unit: string; shape: number[]; grid: { axes: { name: string; unit: string; values: number[] }[] } }>().notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.run_id, t.name] })],
);

/**
 * The event stream of each simulation, for SSE resumption (Last-Event-ID): the id is the event's
 * `id`. Kept for the latest run only; progress events are pruned to the last one when a run ends.
 */
export const simulationEvents = pgTable(
  'simulation_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    simulation_id: partOf('simulation_id', () => simulations.id),
    run_id: uuid('run_id'),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    created_at: createdAt(),
  },
  (t) => [index('simulation_events_simulation_idx').on(t.simulation_id, t.id), index('simulation_events_run_idx').on(t.run_id, t.type)],
);

/**
 * The chat assistant's conversations (issue 9): one per user and simulation (`simulation_id` null
 * for questions asked outside a saved simulation). Deleting the user or the simulation deletes them.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: partOf('user_id', () => users.id),
    simulation_id: uuid('simulation_id').references(() => simulations.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull(),
    /** What the assistant understood and who answered (built-in or the configured model). */
    meta: jsonb('meta').$type<Record<string, unknown>>(),
    created_at: createdAt(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.user_id, t.simulation_id, t.created_at)],
);

/** Each user's display preferences (issue 8): the unit system the web app shows values in. */
export const userPreferences = pgTable('user_preferences', {
  user_id: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  unit_system: text('unit_system').notNull(),
  updated_at: updatedAt(),
});

export const schema = {
  users,
  passwordResetTokens,
  loginStates,
  oidcPayloads,
  simulations,
  simulationRuns,
  simulationLog,
  simulationResults,
  simulationResultFields,
  simulationEvents,
  chatMessages,
  userPreferences,
};
