// GET /api/v1/dashboard/stats: what the dashboard shows a user about their own work (per-family
// usage, compute time this month, the outcomes of their last runs) and about the service's queue
// (length and wait), computed by the server from the runs table. Times in seconds, dates ISO 8601.

import { z } from 'zod';

export const FamilyUsage = z.object({
  family: z.string(),
  /** The user's simulations of the family. */
  simulations: z.number().int(),
  /** Runs of the user's simulations queued since the start of the month (UTC). */
  runs_this_month: z.number().int(),
  completed_this_month: z.number().int(),
  failed_this_month: z.number().int(),
  /** Sum of the run durations finished this month, s. */
  compute_seconds_this_month: z.number(),
});
export type FamilyUsage = z.infer<typeof FamilyUsage>;

export const RecentRunOutcome = z.object({
  simulation_id: z.uuid(),
  run_id: z.uuid(),
  title: z.string(),
  type: z.string(),
  number: z.number().int(),
  status: z.string(),
  finished_at: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  error_code: z.string().nullable(),
});
export type RecentRunOutcome = z.infer<typeof RecentRunOutcome>;

export const DashboardStats = z.object({
  month_start: z.string(),
  families: z.array(FamilyUsage),
  compute_seconds_this_month: z.number(),
  queue: z.object({
    /** Service-wide. */
    queued: z.number().int(),
    running: z.number().int(),
    /** The user's runs among the queued ones. */
    mine_queued: z.number().int(),
    /** Mean wait from queued to started over the runs started in the last 24 h (service-wide), s; null when none started. */
    mean_wait_seconds: z.number().nullable(),
    /** How long the oldest queued run has waited, s; null when nothing waits. */
    longest_wait_seconds: z.number().nullable(),
  }),
  recent_runs: z.array(RecentRunOutcome),
});
export type DashboardStats = z.infer<typeof DashboardStats>;

/** How many finished runs the dashboard lists. */
export const RECENT_RUNS = 10;
