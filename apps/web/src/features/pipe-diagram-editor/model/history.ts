// Undo and redo of the editor: the documents before and after each edit (documents are immutable, so
// a step costs a reference, not a copy). A drag is one step: it is committed when the drag ends.
import { useCallback, useState } from 'react';

export interface History<T> {
  past: T[];
  present: T;
  future: T[];
}

export const MAX_UNDO = 200;

export function historyStart<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

export function historyPush<T>(history: History<T>, next: T): History<T> {
  if (next === history.present) return history;
  return { past: [...history.past, history.present].slice(-MAX_UNDO), present: next, future: [] };
}

export function historyUndo<T>(history: History<T>): History<T> {
  const previous = history.past[history.past.length - 1];
  if (previous === undefined) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function historyRedo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}

export function useHistory<T>(initial: () => T) {
  const [history, setHistory] = useState(() => historyStart(initial()));
  return {
    present: history.present,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    push: useCallback((next: T) => setHistory((h) => historyPush(h, next)), []),
    apply: useCallback((edit: (current: T) => T) => setHistory((h) => historyPush(h, edit(h.present))), []),
    undo: useCallback(() => setHistory(historyUndo), []),
    redo: useCallback(() => setHistory(historyRedo), []),
    reset: useCallback((present: T) => setHistory(historyStart(present)), []),
  };
}
