// `npm start`: read the configuration, open and migrate the database, make sure the first
// superuser exists, serve on HOST:PORT, and on SIGTERM/SIGINT stop accepting requests, finish the
// ones in flight and close the database (PGlite must be closed cleanly to keep its files sound).

import { buildApp } from './app.js';
import { buildConfig, ConfigError } from './config.js';
import { openDatabase } from './db/database.js';
import { ensureFirstSuperuser } from './services/first-superuser.js';
import { UsersRepository } from './repositories/index.js';
import { scrubText } from './security/log-redaction.js';
import { shutDownOnSignals, type Shutdown } from './shutdown.js';

function printGeneratedPassword(email: string, password: string): void {
  const lines = [
    'First superuser created with a generated password (shown only this once):',
    `  email:    ${email}`,
    `  password: ${password}`,
    'Set FIRST_SUPERUSER_PASSWORD to choose it yourself; change it under Profile > Password.',
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const bar = '='.repeat(width + 4);
  process.stdout.write(`\n${bar}\n${lines.map((l) => `| ${l.padEnd(width)} |`).join('\n')}\n${bar}\n\n`);
}

async function main(): Promise<void> {
  let config;
  try {
    config = await buildConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`SimForge cannot start.\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(config.database, {
    onError: (error) => process.stderr.write(`Database connection error: ${scrubText(error.message)}\n`),
  });
  let shutdown: Shutdown | undefined;
  try {
    await database.migrate();
    const app = await buildApp({ config, database });

    const first = await ensureFirstSuperuser(new UsersRepository(database.db), config.firstSuperuser);
    if (first.created) {
      app.log.info({ email: first.email }, 'First superuser created');
      if (first.generatedPassword) printGeneratedPassword(first.email, first.generatedPassword);
    }

    shutdown = shutDownOnSignals({ announce: (signal) => app.log.info({ signal }, 'Shutting down'), stop: () => app.close(), database });

    await app.listen({ host: config.host, port: config.port });
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    app.log.info(
      { database: database.kind, publicUrl: config.publicUrl, authProvider: config.auth.provider },
      `SimForge is listening on http://${shownHost}:${port} (API docs at /docs)`,
    );
  } catch (error) {
    if (!shutdown?.started) await database.close().catch(() => undefined);
    throw error;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`SimForge failed to start: ${scrubText(error instanceof Error ? (error.stack ?? error.message) : String(error))}\n`);
  process.exit(1);
});
