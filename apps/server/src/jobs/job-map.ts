// The one typed map of job names to payloads (immich-style): the queue, the dispatcher and the
// workers are typed by it.

export interface JobMap {
  /** Execute one attempt of a simulation run. A job whose attempt is not the run's is ignored. */
  'simulation-run': { simulation_id: string; run_id: string; attempt: number };
}

export type JobName = keyof JobMap;

export interface JobInfo {
  id: string;
  /** How many times the queue delivered this job before (0 the first time). */
  retryCount: number;
}

export type JobHandler<N extends JobName> = (data: JobMap[N], job: JobInfo) => Promise<void>;

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
