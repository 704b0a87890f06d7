import { useState } from 'react';
import type { FieldValues, Path, UseFormHandleSubmit, UseFormSetError } from 'react-hook-form';
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

/**
 * The submit handler of a form that saves to the API: `save` runs with the form's values, and a
 * refused save lands on the form (applyServerError) with its sentence as `failure`, cleared when the
 * form is sent again.
 */
export function useServerSubmit<T extends FieldValues>(
  form: { handleSubmit: UseFormHandleSubmit<T>; setError: UseFormSetError<T> },
  fieldMap: Partial<Record<string, Path<T>>>,
  save: (values: T) => Promise<void>,
) {
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save(values);
    } catch (error) {
      setFailure(applyServerError(error, form.setError, fieldMap));
    }
  });
  return { submit, failure };
}
