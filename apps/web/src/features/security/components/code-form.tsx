import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';

interface CodeFormProps {
  /** The field's check: true, or what is wrong with the code in words. */
  validate: (code: string) => true | string;
  label: string;
  hint: string;
  submitLabel: string;
  busyLabel: string;
  /** Sends the code; answers the refusal in words, or null when it was taken. */
  onCode: (code: string) => Promise<string | null>;
  /** Only digits are typed for an app code; a backup code has letters. */
  digitsOnly?: boolean;
  testId: string;
  danger?: boolean;
}

/**
 * One code field and its button: enabling takes the app's 6-digit code, disabling also a backup
 * code. A refused code stays on screen with the reason under it, and the field is cleared for the
 * next try.
 */
export function CodeForm(props: CodeFormProps) {
  const { validate, label, hint, submitLabel, busyLabel, onCode, digitsOnly, testId, danger } = props;
  const hintId = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }>({ defaultValues: { code: '' } });

  const submit = handleSubmit(async ({ code }) => {
    setRefusal(null);
    const problem = await onCode(code.trim());
    if (problem) {
      setRefusal(problem);
      setValue('code', '');
      setFocus('code');
    }
  });
  const error = errors.code?.message ?? refusal;

  return (
    <form className="sec-code-form" onSubmit={submit} noValidate data-testid={testId}>
      <label className="field">
        <span className="field__label">{label}</span>
        <input
          className="input sec-code-form__input"
          autoComplete="one-time-code"
          inputMode={digitsOnly ? 'numeric' : 'text'}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={digitsOnly ? 6 : 20}
          placeholder={digitsOnly ? '123456' : '123456 or abcd-efgh'}
          aria-invalid={Boolean(error)}
          aria-describedby={hintId}
          data-testid={`${testId}-code`}
          {...register('code', { validate, onChange: () => setRefusal(null) })}
        />
        <span className="sec-hint" id={hintId}>
          {hint}
        </span>
        {error && (
          <span className="field__error" role="alert" data-testid={`${testId}-error`}>
            {error}
          </span>
        )}
      </label>
      <button
        type="submit"
        className={danger ? 'btn sec-btn-danger' : 'btn btn--primary'}
        disabled={isSubmitting}
        data-testid={`${testId}-submit`}
      >
        {isSubmitting ? busyLabel : submitLabel}
      </button>
    </form>
  );
}
