// The export downloads (a file with the server's name for it) and the import of a case or .inp file.
import { exportPaths, Simulation, type SimulationImport } from '@simforge/contracts';
import { API_BASE, api, apiErrorOf, bearerHeaders, queryString, reportUnauthorized } from '../../lib/api';
import { saveBlob } from '../../lib/saveFile';

/** The file name of a Content-Disposition header (the UTF-8 `filename*` first). */
export function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/** GETs an export (path from `exportPaths`) with the session's token and saves it; failures throw ApiError. */
export async function downloadExport(path: string, options: { runId?: string | null; fallbackName: string }): Promise<string> {
  const response = await fetch(`${API_BASE}${path}${queryString({ run_id: options.runId ?? undefined })}`, { headers: bearerHeaders(), credentials: 'same-origin' });
  if (!response.ok) {
    const error = await apiErrorOf(response);
    if (response.status === 401) reportUnauthorized(error);
    throw error;
  }
  const filename = filenameOf(response.headers.get('content-disposition'), options.fallbackName);
  saveBlob(await response.blob(), filename);
  return filename;
}

/** POST /simulations/import: the new draft simulation. */
export async function importSimulation(input: SimulationImport): Promise<Simulation> {
  return Simulation.parse(await api.post(exportPaths.import, { auth: true, body: input }));
}
