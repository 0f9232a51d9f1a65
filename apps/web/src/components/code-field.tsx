import { useEffect, useId, useState, type HTMLAttributes } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';

/**
 * A form of one code (an authenticator app's code or a backup code) named `name`: `validate` on
 * submit, then `onCode` with the code trimmed, which answers the refusal in words or null. A
 * refused code stays on screen with the reason under the field, and the field is cleared and
 * focused for the next try; typing hides the reason. `autoFocus` focuses the field on mount.
 */
export function useCodeForm({
  name,
  validate,
  onCode,
  autoFocus = false,
}: {
  name: string;
  /** The field's check: true, or what is wrong with the code in words. */
  validate: (code: string) => true | string;
  onCode: (code: string) => Promise<string | null>;
  autoFocus?: boolean;
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<Record<string, string>>({ defaultValues: { [name]: '' } });

  useEffect(() => {
    if (autoFocus) setFocus(name);
  }, [autoFocus, name, setFocus]);

  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    const problem = await onCode((values[name] ?? '').trim());
    if (problem) {
      setRefusal(problem);
      setValue(name, '');
      setFocus(name);
    }
  });

  return {
    submit,
    isSubmitting,
    /** The props of its CodeField. */
    field: {
      input: register(name, { validate, onChange: () => setRefusal(null) }),
      error: errors[name]?.message ?? refusal,
    },
  };
}

/** The code field of a useCodeForm: its label, the input, a hint under it and the error. */
export function CodeField({
  label,
  hint,
  input,
  error,
  className,
  hintClassName,
  inputMode,
  maxLength,
  placeholder,
  testId,
  errorTestId,
}: {
  label: string;
  hint: string;
  input: UseFormRegisterReturn;
  error: string | null;
  /** The input's class. */
  className: string;
  hintClassName: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength: number;
  placeholder: string;
  /** The input's test id. */
  testId: string;
  errorTestId: string;
}) {
  const hintId = useId();
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input
        className={className}
        autoComplete="one-time-code"
        inputMode={inputMode}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-invalid={Boolean(error)}
        aria-describedby={hintId}
        data-testid={testId}
        {...input}
      />
      <span className={hintClassName} id={hintId}>
        {hint}
      </span>
      {error && (
        <span className="field__error" role="alert" data-testid={errorTestId}>
          {error}
        </span>
      )}
    </label>
  );
}
