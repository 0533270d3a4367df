import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the field messages of a refused request (400 with fieldErrors) on the form's own fields.
 * The toast already says what failed; messages for fields the form does not have are left there.
 */
export function showFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown, fields: readonly string[]) {
  if (!(error instanceof ApiError)) return;
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    if (fields.includes(field)) setError(field as FieldPath<T>, { message: messages[0] });
  }
}
