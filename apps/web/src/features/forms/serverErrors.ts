import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorDetail } from '../../lib/errorDetail';

/**
 * Puts a failed call on a form: validation errors on the fields they name (API field -> form field),
 * and answers the sentence for the red alert (null when every message found its field).
 */
export function applyServerError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fieldMap: Partial<Record<string, Path<T>>>): string | null {
  const detail = errorDetail(error);
  const names = Object.keys(detail.fields);
  if (names.length === 0) return detail.message;
  let unmatched = false;
  for (const name of names) {
    const field = fieldMap[name];
    if (field) setError(field, { type: 'server', message: detail.fields[name] });
    else unmatched = true;
  }
  return unmatched ? detail.message : null;
}
