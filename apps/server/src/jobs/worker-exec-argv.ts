// The execArgv of a worker thread: the process's own flags, plus tsx's loader for a thread module that is
// TypeScript (run from the sources under vitest or `npm run dev`; the built bundles need none).

/** The execArgv of a thread running `file`: this process's, plus tsx's loader when the file is TypeScript and it is not there yet. */
export function workerExecArgv(file: string, execArgv: readonly string[] = process.execArgv): string[] {
  const args = [...execArgv];
  if (!/\.[cm]?ts$/.test(file)) return args;
  const hasTsx = args.some((arg, i) => (arg === '--import' || arg === '--loader') && /(^|\/)tsx(\/|$)/.test(args[i + 1] ?? '')) || args.some((arg) => /^--(import|loader)=.*tsx/.test(arg));
  return hasTsx ? args : [...args, '--import', 'tsx'];
}
