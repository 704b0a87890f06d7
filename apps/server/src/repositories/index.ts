// The repositories as one bundle, with a transaction that hands out the same bundle bound to it.

import type { Db } from '../db/database.js';
import { LoginStatesRepository } from './login-states.js';
import { OidcPayloadsRepository } from './oidc-payloads.js';
import { PasswordResetTokensRepository } from './password-reset-tokens.js';
import { UsersRepository } from './users.js';
import { SimulationsRepository } from './simulations.js';
import { SimulationRunsRepository } from './simulation-runs.js';
import { SimulationLogRepository } from './simulation-log.js';
import { SimulationResultsRepository } from './simulation-results.js';
import { SimulationEventsRepository } from './simulation-events.js';
import { ChatMessagesRepository } from './chat-messages.js';

export interface Repositories {
  users: UsersRepository;
  resetTokens: PasswordResetTokensRepository;
  loginStates: LoginStatesRepository;
  oidcPayloads: OidcPayloadsRepository;
  simulations: SimulationsRepository;
  runs: SimulationRunsRepository;
  logs: SimulationLogRepository;
  results: SimulationResultsRepository;
  events: SimulationEventsRepository;
  chat: ChatMessagesRepository;
  /** Runs `work` in one database transaction; rolled back when it throws. */
  transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
}

export function createRepositories(db: Db, now: () => Date = () => new Date()): Repositories {
  return {
    users: new UsersRepository(db),
    resetTokens: new PasswordResetTokensRepository(db),
    loginStates: new LoginStatesRepository(db, now),
    oidcPayloads: new OidcPayloadsRepository(db, now),
    simulations: new SimulationsRepository(db),
    runs: new SimulationRunsRepository(db),
    logs: new SimulationLogRepository(db),
    results: new SimulationResultsRepository(db),
    events: new SimulationEventsRepository(db),
    chat: new ChatMessagesRepository(db),
    transaction: (work) => db.transaction((tx) => work(createRepositories(tx as unknown as Db, now))),
  };
}

export { UsersRepository, PasswordResetTokensRepository, LoginStatesRepository, OidcPayloadsRepository };
export { SimulationsRepository, SimulationRunsRepository, SimulationLogRepository, SimulationResultsRepository, SimulationEventsRepository };
export type { SimulationRow, SimulationWithOwner, SimulationPatch, SimulationFilter } from './simulations.js';
export type { RunRow, RunPatch } from './simulation-runs.js';
export type { LogRow, NewLogLine } from './simulation-log.js';
export type { StoredSeries, NewField } from './simulation-results.js';
export type { UserRow, NewUser, UserPatch } from './users.js';
export type { ChatMessageRow, NewChatMessage } from './chat-messages.js';
export { ChatMessagesRepository } from './chat-messages.js';
export { UniqueViolationError } from './errors.js';
