// Ending a user's sessions (docs/adr/0004): a new password (changed, set by an administrator or
// reset), a deactivation and a sign-out raise the user's token version, which ends every access
// token issued before, and remove what the built-in provider keeps for the account, so a browser
// still signed in there cannot fetch a new token without the password. Open event streams are told
// afterwards, so they check their user again at once instead of at their next heartbeat.

import type { Repositories, UserPatch, UserRow } from '../repositories/index.js';

type SessionRepos = Pick<Repositories, 'users' | 'oidcPayloads'>;

export class AccountSessions {
  private readonly listeners = new Set<(userId: string) => void>();

  constructor(private readonly repos: Pick<Repositories, 'transaction'>) {}

  /**
   * Applies `patch` and ends every session of the user, in one transaction (or in `tx`, whose
   * caller then calls `announce` after it commits). Null when there is no such user.
   */
  async updateEndingSessions(userId: string, patch: UserPatch, tx?: SessionRepos): Promise<UserRow | null> {
    const work = async (repos: SessionRepos) => {
      const row = await repos.users.update(userId, patch, { endSessions: true });
      if (row) await repos.oidcPayloads.destroyAccount(userId);
      return row;
    };
    if (tx) return work(tx);
    const row = await this.repos.transaction(work);
    if (row) this.announce(userId);
    return row;
  }

  /** Tells the listeners (open event streams) that the user's sessions ended. */
  announce(userId: string): void {
    for (const listener of this.listeners) listener(userId);
  }

  onEnded(listener: (userId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
