// Log lines of a run: stored (GET /{id}/log) and live (SSE `log` events) merged by their per-run
// `seq`, and filtered by the search box.
import type { LogLine } from '@simforge/contracts';

/** Stored and live lines of one run, without duplicates, in order. */
export function mergeLogLines(...sources: (Iterable<LogLine> | null | undefined)[]): LogLine[] {
  const bySeq = new Map<number, LogLine>();
  for (const source of sources) if (source) for (const line of source) bySeq.set(line.seq, line);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** Lines whose message or level contains every word of the filter (case-insensitive). */
export function filterLog(lines: readonly LogLine[], filter: string): readonly LogLine[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return lines;
  return lines.filter((line) => {
    const text = `${line.level} ${line.message}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** `[   0.004 s]`-style run time of a line. */
export function formatLogTime(t: number): string {
  return `${t.toFixed(3).padStart(8)} s`;
}
