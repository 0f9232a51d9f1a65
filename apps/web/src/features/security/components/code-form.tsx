import { CodeField, useCodeForm } from '@/components';

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
  const { submit, isSubmitting, field } = useCodeForm({ name: 'code', validate, onCode });

  return (
    <form className="sec-code-form" onSubmit={submit} noValidate data-testid={testId}>
      <CodeField
        {...field}
        label={label}
        hint={hint}
        className="input sec-code-form__input"
        hintClassName="sec-hint"
        inputMode={digitsOnly ? 'numeric' : 'text'}
        maxLength={digitsOnly ? 6 : 20}
        placeholder={digitsOnly ? '123456' : '123456 or abcd-efgh'}
        testId={`${testId}-code`}
        errorTestId={`${testId}-error`}
      />
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
