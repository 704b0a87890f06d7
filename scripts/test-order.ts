// The order in which `vitest run` hands test files to its workers. Two workers share ~300 files whose
// durations range from milliseconds to half a minute; the run ends when the last long file does, so
// the long files must start first (longest processing time first). Vitest sorts by the durations it
// cached from the previous run on this checkout and, without them (a fresh clone, CI), by file size,
// which can leave a long solver file for the end of a worker's queue. This sequencer falls back to
// the durations recorded in `test-durations.json` (refresh with `npm run test:durations` after a
// full run).
//
// Projects stay contiguous: a worker of a non-isolated project (server, web) keeps its module graph
// only while the next queued file belongs to the same project. The project whose longest file is
// longest goes first, so the short files of the shared-graph projects fill the end of the run.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import recorded from './test-durations.json' with { type: 'json' };

const recordedDurations: Readonly<Record<string, number>> = recorded.durations;

export class DurationOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const key = (spec: TestSpecification): string => `${spec.project.name}:${relative(root, spec.moduleId)}`;
    const cached = (spec: TestSpecification) => this.ctx.cache.getFileTestResults(key(spec));
    // Unknown files (new since the durations were recorded) count as long: run them early.
    const duration = (spec: TestSpecification): number => cached(spec)?.duration ?? recordedDurations[key(spec)] ?? Number.POSITIVE_INFINITY;
    const failed = (spec: TestSpecification): boolean => cached(spec)?.failed === true;

    const longestOfProject = new Map<string, number>();
    for (const spec of files) longestOfProject.set(spec.project.name, Math.max(longestOfProject.get(spec.project.name) ?? 0, duration(spec)));

    return [...files].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        longestOfProject.get(b.project.name)! - longestOfProject.get(a.project.name)! ||
        a.project.name.localeCompare(b.project.name) ||
        Number(failed(b)) - Number(failed(a)) ||
        duration(b) - duration(a) ||
        a.moduleId.localeCompare(b.moduleId),
    );
  }
}
