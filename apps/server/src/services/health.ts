// The health check: is the database answering, and how fast.

import { readFileSync } from 'node:fs';
import type { HealthResponse } from '@simforge/contracts';
import type { Database } from '../db/database.js';

export const SERVER_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export async function checkHealth(database: Pick<Database, 'ping'>): Promise<HealthResponse> {
  const db = await database.ping();
  return { status: db.ok ? 'ok' : 'degraded', database: db, version: SERVER_VERSION };
}
