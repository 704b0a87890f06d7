// Helper threads that run the solvers' own code beside a run, for work that can follow the run's main
// loop: a network's water quality routed beside its hydraulics, interval by interval. (The thermal core's
// helper, thermal/thread-team.ts, runs only its WebAssembly module over shared memory.) A helper is a
// worker started from an entry file that calls `serveHelperTasks` with the tasks it knows
// (helper-tasks.ts); only the host knows where that file is (the server's bundle, or the TypeScript
// sources under tsx), so the host builds the `HelperThreads` (nodeHelperThreads) and passes it in
// SolveOptions.helpers.

/** Messages a helper posts when its task failed; the channel's `next` rejects with its text. */
interface HelperFailure {
  helperError: string;
}

export interface HelperChannel {
  /** A message to the task (typed arrays are copied unless their buffers are in `transfer`). */
  post(message: unknown, transfer?: ArrayBuffer[]): void;
  /** The task's next message; rejects when the task failed or its thread ended. */
  next(): Promise<unknown>;
  /** Ends the task. `failed` ends its thread too (it may still be busy); otherwise the thread is kept for the next task. */
  close(failed?: boolean): void;
}

export interface HelperThreads {
  /** A helper running the task `task` on `data`, or undefined where no thread can be had. */
  start(task: string, data: unknown, transfer?: ArrayBuffer[]): HelperChannel | undefined;
}

/** A task's side in the helper: it receives the caller's messages in order and posts back through `post`. */
export type HelperTask = (data: unknown, post: (message: unknown, transfer?: ArrayBuffer[]) => void) => { message(message: unknown): void };

interface PortLike {
  postMessage(message: unknown, transfer?: readonly unknown[]): void;
  on(event: 'message', listener: (message: unknown) => void): void;
  close(): void;
}
interface WorkerLike {
  postMessage(message: unknown, transfer?: readonly unknown[]): void;
  on(event: 'error' | 'exit', listener: (value: unknown) => void): void;
  off(event: 'error' | 'exit', listener: (value: unknown) => void): void;
  unref(): void;
  terminate(): unknown;
}
interface WorkerThreadsModule {
  Worker: new (entry: UrlLike, options: { execArgv: string[] }) => WorkerLike;
  MessageChannel: new () => { port1: PortLike; port2: PortLike };
  parentPort: PortLike | null;
}

/** WHATWG URL (Node and browsers have it; the library's type set names no platform). */
type UrlLike = object;
const Url = (globalThis as unknown as { URL: new (href: string) => UrlLike }).URL;

function workerThreads(): WorkerThreadsModule | undefined {
  const getBuiltin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  return getBuiltin?.('node:worker_threads') as WorkerThreadsModule | undefined;
}

/**
 * The module a helper starts from. A TypeScript entry is required by its file URL from a small data:
 * module: tsx's CommonJS hook (execArgv) compiles it with everything it imports, while its ESM hooks
 * do not reach a worker on Node 20, and a worker started from script text runs no --import at all.
 * A JavaScript entry (a bundle) is the worker's module itself.
 */
function startModule(entry: string): UrlLike {
  if (!/\.[cm]?ts$/.test(entry)) return new Url(entry);
  const url = JSON.stringify(entry);
  return new Url(`data:text/javascript,${encodeURIComponent(`const { createRequire } = await import('node:module'); createRequire(${url})(${url});`)}`);
}

/** The helper's side: answers each task the caller starts (called once by the helper's entry file). */
export function serveHelperTasks(tasks: Readonly<Record<string, HelperTask>>): void {
  const parent = workerThreads()?.parentPort;
  if (!parent) throw new Error('serveHelperTasks runs in a worker thread');
  parent.on('message', (start) => {
    const { task, data, port } = start as { task: string; data: unknown; port: PortLike };
    const fail = (error: unknown) => port.postMessage({ helperError: error instanceof Error ? error.message : String(error) } satisfies HelperFailure);
    const make = tasks[task];
    if (!make) return fail(`no helper task '${task}'`);
    let handler: ReturnType<HelperTask> | undefined;
    try {
      handler = make(data, (message, transfer) => port.postMessage(message, transfer));
    } catch (error) {
      return fail(error);
    }
    let failed = false;
    port.on('message', (message) => {
      if (failed) return;
      try {
        handler.message(message);
      } catch (error) {
        failed = true;
        fail(error);
      }
    });
  });
}

/**
 * Helper threads of a Node host: workers started from `entry` (with `execArgv`, e.g. tsx's loader for
 * a TypeScript entry), one at a time; a thread whose task ended normally is kept for the next task.
 */
export function nodeHelperThreads(entry: string | UrlLike, execArgv: string[] = []): HelperThreads | undefined {
  const threads = workerThreads();
  if (!threads) return undefined;
  let idle: WorkerLike | undefined;
  return {
    start(task, data, transfer = []) {
      let worker = idle;
      idle = undefined;
      if (!worker) {
        try {
          const created = new threads.Worker(startModule(String(entry)), { execArgv });
          // A kept thread that ends while idle (killed, out of memory) is not handed out again.
          created.on('exit', () => {
            if (idle === created) idle = undefined;
          });
          worker = created;
        } catch {
          return undefined;
        }
      }
      // An idle helper must not keep a process alive that has finished its work.
      worker.unref();
      const { port1, port2 } = new threads.MessageChannel();
      const queue: unknown[] = [];
      const waiting: { resolve(value: unknown): void; reject(error: Error): void }[] = [];
      let ended: Error | undefined;
      const end = (error: Error) => {
        ended ??= error;
        for (const w of waiting.splice(0)) w.reject(ended);
      };
      const onError = (error: unknown) => end(error instanceof Error ? error : new Error(String(error)));
      const onExit = (code: unknown) => end(new Error(`the helper thread ended (exit code ${String(code)})`));
      worker.on('error', onError);
      worker.on('exit', onExit);
      port1.on('message', (message) => {
        const failure = (message as Partial<HelperFailure> | null)?.helperError;
        if (failure !== undefined) return end(new Error(`helper task '${task}' failed: ${failure}`));
        const w = waiting.shift();
        if (w) w.resolve(message);
        else queue.push(message);
      });
      worker.postMessage({ task, data, port: port2 }, [port2, ...transfer]);
      const own = worker;
      return {
        post: (message, list = []) => port1.postMessage(message, list),
        next: () => {
          if (queue.length > 0) return Promise.resolve(queue.shift());
          if (ended) return Promise.reject(ended);
          return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
        },
        close(failed = false) {
          port1.close();
          own.off('error', onError);
          own.off('exit', onExit);
          if (failed || ended || idle) void own.terminate();
          else idle = own;
        },
      };
    },
  };
}
