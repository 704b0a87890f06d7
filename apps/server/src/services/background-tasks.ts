// Work that must not hold up (or change) an answer, such as sending a password-reset mail: started
// after the reply, failures logged, and awaited on shutdown so no mail is cut off half-way. Tests
// await `settled()` to observe the outcome.

export interface TaskLogger {
  error(obj: object, msg?: string): void;
}

export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private log?: TaskLogger) {}

  /** Logs through `log` from now on (the app's logger exists only after the tasks are created). */
  useLogger(log: TaskLogger): void {
    this.log ??= log;
  }

  run(name: string, work: () => Promise<void>): void {
    const task = (async () => {
      try {
        await work();
      } catch (error) {
        this.log?.error({ err: error, task: name }, `Background task "${name}" failed`);
      }
    })();
    this.running.add(task);
    void task.finally(() => this.running.delete(task));
  }

  /** Resolves when every task started so far (and any they started) has finished. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
