// A simulation's results and failures in words, from what the server stored (never from the client).

import { formatQuantity } from '../format.js';

export interface StoredScalarLike {
  value: number | string;
  unit: string;
  label: string;
}

export interface SimulationLike {
  id: string;
  title: string;
  type: string;
  status: string;
  error: { code: string; message: string } | null;
  summary: Record<string, StoredScalarLike> | null;
  solver_version: string | null;
}

export interface LogLineLike {
  t: number;
  level: string;
  message: string;
}

export function summaryTable(summary: Record<string, StoredScalarLike>): string {
  const rows = Object.entries(summary).map(([name, s]) => `| ${s.label || name} | \`${name}\` | ${formatQuantity(s.value, s.unit)} |`);
  return ['| Result | Name | Value |', '|---|---|---|', ...rows].join('\n');
}

export function explainResults(simulation: SimulationLike, seriesNames: string[] = []): string {
  if (!simulation.summary || Object.keys(simulation.summary).length === 0) {
    const why =
      simulation.status === 'failed'
        ? 'it failed (ask "why did this fail?")'
        : simulation.status === 'completed'
          ? 'its run stored no summary'
          : `it is ${simulation.status}; results appear when a run completes`;
    return `**${simulation.title}** (${simulation.type}) has no results yet: ${why}.`;
  }
  const lines = [`Results of **${simulation.title}** (${simulation.type}, ${simulation.solver_version ?? 'solver version unknown'}):`, '', summaryTable(simulation.summary)];
  if (seriesNames.length) lines.push('', `Plots available: ${seriesNames.map((n) => `\`${n}\``).join(', ')} (on the simulation page).`);
  lines.push('', 'Values are shown in engineering units with the stored SI value in brackets.');
  return lines.join('\n');
}

/** What the error codes mean and what to do (solver codes of packages/solvers errors.ts, WORKER_LOST and OUT_OF_MEMORY of the job system). */
const ADVICE: Record<string, string> = {
  INVALID_PARAMETERS: 'The solver refused the inputs: the message names the parameter. Correct it on the edit screen and run again.',
  OUT_OF_RANGE: 'A state left the range of the model or its property data (for example a fluid outside its table). Bring the named input back into range.',
  DIVERGED: 'The numerical solution did not converge. Try a finer mesh or smaller steps, or inputs nearer the defaults, and check the log for the step where it went wrong.',
  WORKER_LOST: 'The process running the simulation stopped (restart or crash) too many times. Run it again; if it keeps happening, the server log has the cause.',
  OUT_OF_MEMORY: "The run needed more memory than this server gives one simulation (SIM_MAX_MEMORY_MB) and was stopped. Use a coarser mesh or a smaller case (docs/limits.md).",
  ABORTED: 'The run was aborted. Run it again when you are ready.',
  UNKNOWN_TYPE: 'The simulation type has no solver. Choose an available type.',
  INTERNAL: 'An unexpected error in the solver. The log lines below are the best clue; please report it with the simulation id.',
};

export function diagnoseFailure(simulation: SimulationLike, log: LogLineLike[]): string {
  if (simulation.status !== 'failed') {
    return `**${simulation.title}** has not failed: it is ${simulation.status}.${simulation.status === 'completed' ? ' Ask me to explain its results.' : ''}`;
  }
  const error = simulation.error ?? { code: 'INTERNAL', message: 'No error was recorded.' };
  const lines = [`**${simulation.title}** failed with \`${error.code}\`: ${error.message}`, '', ADVICE[error.code] ?? ADVICE.INTERNAL!];
  const notable = log.filter((l) => l.level === 'error' || l.level === 'warn' || l.level === 'warning').slice(-6);
  const tail = notable.length ? notable : log.slice(-4);
  if (tail.length) {
    lines.push('', 'From the log:', '', '```', ...tail.map((l) => `[${l.t.toFixed(3)} s] ${l.level.toUpperCase()} ${l.message}`), '```');
  }
  return lines.join('\n');
}
