import type { FieldErrors, FieldValues } from 'react-hook-form';

interface Issue {
  path: PropertyKey[];
  message: string;
}

/** The first message per field of a contracts schema's issues, in react-hook-form's error shape. */
export function firstErrorPerField<T extends FieldValues>(issues: readonly Issue[]): FieldErrors<T> {
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'root');
    errors[key] ??= { type: 'validate', message: issue.message };
  }
  return errors as FieldErrors<T>;
}
