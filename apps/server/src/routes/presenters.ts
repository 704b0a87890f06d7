// Database rows -> API answers. The hashed password never leaves this file's input.

import type { UserPublic } from '@simforge/contracts';
import type { UserRow } from '../repositories/index.js';

export function toUserPublic(row: UserRow): UserPublic {
  return {
    id: row.id,
    email: row.email,
    full_name: row.full_name,
    is_active: row.is_active,
    is_superuser: row.is_superuser,
    // Signed-in users only ever see their real profile; the anonymous profile lives in the web client.
    is_anonymous: false,
    created_at: row.created_at.toISOString(),
  };
}
