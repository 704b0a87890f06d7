// The tasks a helper thread can run (run/helper-threads.ts), by name: the entry file of a helper
// thread calls serveHelper(). Like the solver registry, this sits on top of the families it lists.

import { QUALITY_HELPER_TASK, qualityHelperTask } from './physics/network/quality/pipeline.js';
import { serveHelperTasks, type HelperTask } from './run/helper-threads.js';
import { JET_TEAM_TASK, jetTeamTask } from './physics/jet/threads/helper-task.js';

export const HELPER_TASKS: Readonly<Record<string, HelperTask>> = {
  [QUALITY_HELPER_TASK]: qualityHelperTask,
  [JET_TEAM_TASK]: jetTeamTask,
};

/** Answers the tasks of the thread that started this one. */
export function serveHelper(): void {
  serveHelperTasks(HELPER_TASKS);
}
