// The draft of a side-panel text field: typed freely, written back only when the field is left or
// Enter is pressed (Enter must not submit anything around it).
import { useEffect, useState, type ChangeEvent, type KeyboardEvent } from 'react';

/**
 * `commit` checks the draft, writes it when valid, and answers the message to show (null: none).
 * When any of `resetOn` changes the draft starts again from `shown` (the value as it now stands).
 */
export function useDraftText(shown: () => string, commit: (text: string) => string | null, resetOn: readonly unknown[]) {
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText(shown());
    setError(null);
    // The caller names what resets the draft; `shown` is a new function on every render.
  }, resetOn); // eslint-disable-line react-hooks/exhaustive-deps
  const write = () => setError(commit(text));
  const inputProps = {
    value: text,
    error: Boolean(error),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setText(event.target.value),
    onBlur: write,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        write();
      }
    },
  };
  return { error, inputProps };
}

/**
 * The `commit` of a field whose text reads as a value (`read` answers it under `key`, or the error):
 * an unreadable text answers its message, and a value other than `current` is written.
 */
export function commitRead<K extends string, T>(key: K, read: (text: string) => Record<K, T> | { error: string }, current: T | undefined, write: (value: T) => void) {
  return (text: string): string | null => {
    const result = read(text);
    if ('error' in result) return result.error;
    const value = (result as Record<K, T>)[key];
    if (value !== current) write(value);
    return null;
  };
}
