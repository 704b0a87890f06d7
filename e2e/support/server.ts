import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.E2E_PORT ?? 8123);
const url = `http://localhost:${port}`;
// E2E_DATA_DIR with E2E_PORT lets a second runner work beside the first without sharing a database.
const dataDir = process.env.E2E_DATA_DIR ? path.resolve(process.env.E2E_DATA_DIR) : path.resolve(here, '..', '.data-e2e');

/** The server the browser tests run against, and the people who exist in it from the start. */
export const e2eServer = {
  url,
  port,
  dataDir,
  outboxDir: path.join(dataDir, 'outbox'),
  admin: { email: 'admin@simforge.test', password: 'Admin-e2e-password-1' },
  analyticsContainerId: 'GTM-E2ETEST',
  env: {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    FIRST_SUPERUSER: 'admin@simforge.test',
    FIRST_SUPERUSER_PASSWORD: 'Admin-e2e-password-1',
    ANALYTICS_CONTAINER_ID: 'GTM-E2ETEST',
    LOG_LEVEL: 'warn',
    // Every browser test signs in, several a minute from one address; the default limit (20) is tested in the API tests.
    SIGN_IN_RATE_LIMIT_PER_MINUTE: '600',
  } as Record<string, string>,
};
