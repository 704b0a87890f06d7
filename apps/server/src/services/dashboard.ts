// The dashboard's statistics for the signed-in user: their usage per family of the catalogue and
// compute time this month (UTC), the outcomes of their last runs, and the service's queue.

import { RECENT_RUNS, simulationFamilies, type DashboardStats } from '@simforge/contracts';
import type { DashboardStatsRepository } from '../repositories/dashboard-stats.js';
import type { Actor } from './policies.js';

const DAY_MS = 86_400_000;

/** The first instant of the month of `now`, UTC. */
export function monthStartUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export function createDashboardService(deps: { stats: DashboardStatsRepository; now: () => Date }) {
  return {
    /** Any signed-in user sees their own figures; the queue figures are the service's (no simulation is named). */
    async stats(actor: Actor): Promise<DashboardStats> {
      const now = deps.now();
      const since = monthStartUtc(now);
      const [usage, recent, queue] = await Promise.all([
        deps.stats.familyUsage(actor.id, since),
        deps.stats.recentRuns(actor.id, RECENT_RUNS),
        deps.stats.queue(actor.id, new Date(now.getTime() - DAY_MS)),
      ]);
      // Every family of the catalogue, in its order, then any other (types outside the table).
      const order = [...simulationFamilies, ...usage.map((u) => u.family).filter((f) => !(simulationFamilies as readonly string[]).includes(f))];
      const families = order.map((family) => {
        const u = usage.find((x) => x.family === family);
        return {
          family,
          simulations: u?.simulations ?? 0,
          runs_this_month: u?.runs ?? 0,
          completed_this_month: u?.completed ?? 0,
          failed_this_month: u?.failed ?? 0,
          compute_seconds_this_month: u?.compute_seconds ?? 0,
        };
      });
      return {
        month_start: since.toISOString(),
        families,
        compute_seconds_this_month: families.reduce((sum, f) => sum + f.compute_seconds_this_month, 0),
        queue: {
          queued: queue.queued,
          running: queue.running,
          mine_queued: queue.mine_queued,
          mean_wait_seconds: queue.mean_wait_seconds,
          longest_wait_seconds: queue.oldest_queued_at ? Math.max(0, (now.getTime() - queue.oldest_queued_at.getTime()) / 1000) : null,
        },
        recent_runs: recent.map((r) => ({ ...r, finished_at: r.finished_at ? r.finished_at.toISOString() : null })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
