import { describe, expect, it } from 'vitest';
import type { LogLine } from '@simforge/contracts';
import { filterLog, mergeLogLines } from './logLines';

const line = (seq: number, message: string, level: LogLine['level'] = 'info'): LogLine => ({ seq, t: seq / 10, level, message });

describe('log lines', () => {
  it('merge stored and live lines by seq, in order, without duplicates', () => {
    const stored = [line(1, 'a'), line(2, 'b'), line(3, 'c')];
    const live = new Map([
      [3, line(3, 'c')],
      [5, line(5, 'e')],
      [4, line(4, 'd')],
    ]);
    expect(mergeLogLines(stored, live.values()).map((l) => l.message)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(mergeLogLines(null, undefined)).toEqual([]);
  });

  it('filter by every word, case-insensitive, also by level', () => {
    const lines = [line(1, 'phase: inlet state'), line(2, 'Colebrook converged in 3 iterations'), line(3, 'pressure below vapour pressure', 'warn')];
    expect(filterLog(lines, 'COLEBROOK').map((l) => l.seq)).toEqual([2]);
    expect(filterLog(lines, 'pressure warn').map((l) => l.seq)).toEqual([3]);
    expect(filterLog(lines, '  ')).toBe(lines);
  });
});
