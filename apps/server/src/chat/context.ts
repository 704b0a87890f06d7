// What the assistant knows when it answers: the simulation the server loaded itself (never numbers
// from the client), or the type and form values of a create screen, its latest log, the analysis
// of an uploaded image, and the documentation index.

import type { ImageAnalysisResponse } from '@simforge/contracts';
import type { RequestCompute } from '../compute/request-compute.js';
import type { DocsIndex } from './docs-index.js';
import type { LogLineLike, SimulationLike } from './knowledge/results.js';

export interface ChatContext {
  simulation: (SimulationLike & { parameters: Record<string, unknown> }) | null;
  /** The type in context: the simulation's, or the create screen's. */
  type: string | null;
  /** The simulation's parameters, or the create form's values (checked against the schema). */
  parameters: Record<string, unknown> | null;
  screen: string | null;
  log: LogLineLike[];
  seriesNames: string[];
  image: ImageAnalysisResponse | null;
  /** Why the uploaded image could not be analysed (the sentence of the 4xx the image route would give). */
  imageError: string | null;
  docs: DocsIndex;
  /** The inversion of the fast estimate, in the compute pool (tens of estimates: seconds for a melt pool). */
  invertTarget: RequestCompute['invertTarget'];
}
