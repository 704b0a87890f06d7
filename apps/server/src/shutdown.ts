// How the server and the worker stop on SIGTERM or SIGINT: what the process runs is stopped first,
// then the database is closed whether that stop failed or not (PGlite must be closed cleanly to keep
// its files sound), then the process exits.

export interface Shutdown {
  /** A signal came and the process is stopping: the database is closed by the shutdown. */
  readonly started: boolean;
}

export function shutDownOnSignals({ announce, stop, database }: { announce(signal: string): void; stop(): Promise<void>; database: { close(): Promise<void> } }): Shutdown {
  const state = { started: false };
  const shutdown = async (signal: string) => {
    if (state.started) return;
    state.started = true;
    announce(signal);
    try {
      await stop();
    } finally {
      await database.close();
    }
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  return state;
}
