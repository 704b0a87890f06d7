// Export and import use cases. Permission comes first, through the simulations service (someone
// else's simulation answers 404 like every /simulations/{id} route); then the run is chosen (the
// given one, else the current one), its stored data read and written out in the file's format.

import { CASE_FILE_FORMAT, CASE_FILE_VERSION, catalogueEntry, networkExportTypes, SimulationCreate, type CaseFile, type SimulationImport, type VerificationReport } from '@simforge/contracts';
import type { RequestCompute } from '../compute/request-compute.js';
import type { Repositories, RunRow, SimulationWithOwner } from '../repositories/index.js';
import { ApiError, ValidationFailed } from '../services/errors.js';
import type { Actor } from '../services/policies.js';
import type { SimulationsService } from '../services/simulations.js';
import { downloadName } from './filenames.js';
import { readImport, relocate } from './import-file.js';
import { inputRows } from './inputs.js';
import { modelOfSolverVersion, type VerificationReportSource } from './verification-report.js';

export interface Download {
  filename: string;
  contentType: string;
  body: string | Uint8Array;
}

export interface ExportsServiceDeps {
  simulations: SimulationsService;
  repos: Repositories;
  /** CSV, VTK, `.inp` and PDF are written in the compute pool (up to seconds for the largest results). */
  compute: Pick<RequestCompute, 'seriesCsv' | 'fieldVtk' | 'networkInp' | 'reportPdf'>;
  verification: VerificationReportSource;
  now: () => Date;
}

export function createExportsService(deps: ExportsServiceDeps) {
  const { simulations, repos, compute } = deps;

  /** The given run of the simulation (404 when it is another's), else its current run, else none. */
  async function chosenRun(simulation: SimulationWithOwner, runId: string | undefined): Promise<RunRow | null> {
    if (runId) {
      const run = await repos.runs.findById(runId);
      if (!run || run.simulation_id !== simulation.id) throw new ApiError(404, 'Run not found');
      return run;
    }
    return simulation.current_run_id ? repos.runs.findById(simulation.current_run_id) : null;
  }

  return {
    async seriesCsv(actor: Actor, id: string, name: string, runId: string | undefined): Promise<Download> {
      const { simulation, run } = await simulations.results(actor, id, runId);
      const { series } = await simulations.series(actor, id, name, run.id);
      return { filename: downloadName({ title: simulation.title, runNumber: run.number, what: name, extension: 'csv' }), contentType: 'text/csv; charset=utf-8', body: await compute.seriesCsv(series) };
    },

    async fieldVtk(actor: Actor, id: string, name: string, runId: string | undefined): Promise<Download & { pointCount: number }> {
      const simulation = await simulations.get(actor, id);
      const { run, field } = await simulations.field(actor, id, name, runId);
      const { data, ...meta } = field;
      const vtk = await compute.fieldVtk(meta, data);
      return { filename: downloadName({ title: simulation.title, runNumber: run.number, what: name, extension: vtk.extension }), contentType: vtk.contentType, body: vtk.text, pointCount: vtk.pointCount };
    },

    async caseJson(actor: Actor, id: string, runId: string | undefined): Promise<Download> {
      const simulation = await simulations.get(actor, id);
      const run = runId ? await chosenRun(simulation, runId) : null;
      const file: CaseFile = {
        format: CASE_FILE_FORMAT,
        version: CASE_FILE_VERSION,
        type: simulation.type,
        title: simulation.title,
        description: simulation.description,
        // A chosen run: the parameters it ran with; otherwise the simulation's own (its latest run's unless edited since).
        parameters: run ? run.parameters : simulation.parameters,
        solver_version: run ? run.solver_version : simulation.solver_version,
        exported_at: deps.now().toISOString(),
        source: { simulation_id: simulation.id, run_id: run?.id ?? simulation.current_run_id, run_number: run?.number ?? null },
      };
      return { filename: downloadName({ title: simulation.title, runNumber: run?.number ?? null, what: 'case', extension: 'json' }), contentType: 'application/json; charset=utf-8', body: JSON.stringify(file, null, 2) + '\n' };
    },

    async networkInp(actor: Actor, id: string, runId: string | undefined): Promise<Download & { warnings: string[] }> {
      const simulation = await simulations.get(actor, id);
      if (!networkExportTypes.includes(simulation.type)) throw new ApiError(404, `No .inp export: ${simulation.type} is not a pipe network`);
      const run = runId ? await chosenRun(simulation, runId) : null;
      const parameters = run ? run.parameters : simulation.parameters;
      // The network as the solver runs it: the file with the parameters' overrides applied.
      const written = await compute.networkInp(parameters);
      return { filename: downloadName({ title: simulation.title, runNumber: run?.number ?? null, extension: 'inp' }), contentType: 'text/plain; charset=utf-8', body: written.text, warnings: written.warnings };
    },

    async reportPdf(actor: Actor, id: string, runId: string | undefined): Promise<Download> {
      const simulation = await simulations.get(actor, id);
      const run = (await chosenRun(simulation, runId)) ?? (await repos.runs.latestForSimulation(simulation.id));
      const stored = run?.status === 'completed' ? await repos.results.find(run.id) : null;
      const residuals = run ? await residualHistory(repos, simulation.id, run.id) : [];
      const report = await deps.verification.load();
      const model = modelOfSolverVersion(run?.solver_version ?? simulation.solver_version);
      const pdf = await compute.reportPdf({
        simulation: {
          id: simulation.id,
          title: simulation.title,
          description: simulation.description,
          type: simulation.type,
          typeLabel: catalogueEntry(simulation.type)?.label ?? simulation.type,
          family: simulation.family,
          status: run && run.id !== simulation.current_run_id ? `${simulation.status} (this report: run #${run.number}, ${run.status})` : simulation.status,
        },
        run: run ? { number: run.number, solver_version: run.solver_version, started_at: run.started_at, finished_at: run.finished_at, duration_seconds: run.duration_seconds } : null,
        inputs: inputRows(simulation.type, run?.parameters ?? simulation.parameters),
        summary: stored?.summary ?? null,
        series: stored?.series ?? {},
        residuals,
        verification: report ? verificationOf(report, model) : null,
        generatedAt: deps.now(),
      });
      return { filename: downloadName({ title: simulation.title, runNumber: run?.number ?? null, what: 'report', extension: 'pdf' }), contentType: 'application/pdf', body: pdf };
    },

    /** Creates a new draft simulation from a case file or an `.inp` file. */
    async importFile(actor: Actor, input: SimulationImport): Promise<SimulationWithOwner> {
      const imported = readImport(input);
      const checked = SimulationCreate.safeParse(imported.create);
      if (!checked.success) {
        throw relocate(new ValidationFailed(checked.error.issues.map((issue) => ({ loc: ['body', ...issue.path.map(String)], msg: issue.message, type: issue.code }))), imported);
      }
      try {
        return await simulations.create(actor, checked.data);
      } catch (error) {
        if (error instanceof ValidationFailed) throw relocate(error, imported);
        throw error;
      }
    },

    async verificationReport(): Promise<VerificationReport> {
      const report = await deps.verification.load();
      if (!report) throw new ApiError(404, 'The verification report has not been generated (run npm run verify)');
      return report;
    },
  };
}

/** The residual events stored for the run (events are kept for the latest run only). */
async function residualHistory(repos: Repositories, simulationId: string, runId: string): Promise<{ iteration: number; values: Record<string, number> }[]> {
  const events = await repos.events.listAfter(simulationId, 0, 100_000);
  return events.flatMap((event) => (event.type === 'residuals' && event.run_id === runId ? [{ iteration: event.iteration, values: event.values }] : []));
}

function verificationOf(report: VerificationReport, model: string | null) {
  return { model, cases: model ? report.cases.filter((c) => c.model === model) : [], generated_at: report.generated_at };
}

export type ExportsService = ReturnType<typeof createExportsService>;
