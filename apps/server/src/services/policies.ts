// Who may do what. Services call these first, before touching any data.

import type { UserRow } from '../repositories/index.js';
import { notEnoughPrivileges } from './errors.js';

/** The signed-in user a request acts as (authenticated, active). */
export type Actor = UserRow;

export function assertSuperuser(actor: Actor): void {
  if (!actor.is_superuser) throw notEnoughPrivileges();
}

/** A user sees and changes their own simulations; a superuser any (docs/adr/0014). */
export function canAccessSimulation(actor: Actor, simulation: { owner_id: string }): boolean {
  return actor.is_superuser || simulation.owner_id === actor.id;
}
