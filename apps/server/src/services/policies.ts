// Who may do what. Services call these first, before touching any data.

import type { UserRow } from '../repositories/index.js';
import { notEnoughPrivileges } from './errors.js';

/** The signed-in user a request acts as (authenticated, active). */
export type Actor = UserRow;

export function assertSuperuser(actor: Actor): void {
  if (!actor.is_superuser) throw notEnoughPrivileges();
}
