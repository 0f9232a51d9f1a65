import { useId, type FormEventHandler, type ReactNode } from 'react';
import { Modal } from '@/components';

/** A labelled field of a console form, with its error under it. */
export function FormField({
  label,
  error,
  children,
  hint,
  errorTestId,
}: {
  label: string;
  error?: string | undefined;
  children: ReactNode;
  hint?: ReactNode;
  errorTestId?: string;
}) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      {children}
      {hint && <span className="muted console-hint">{hint}</span>}
      {error && (
        <span className="field__error" role="alert" data-testid={errorTestId}>
          {error}
        </span>
      )}
    </label>
  );
}

/**
 * A form in a dialog: Enter in a field submits it (the foot's submit button belongs to the form
 * through its form attribute), Escape or Cancel closes it, and the button stays disabled while it
 * runs. `testId` names the dialog; its submit button is `${testId}-submit` unless `submitTestId`
 * names it.
 */
export function FormDialog({
  title,
  testId,
  onClose,
  onSubmit,
  submitLabel,
  busy,
  busyLabel = 'Working…',
  submitDisabled = false,
  submitTestId = `${testId}-submit`,
  formTestId,
  formClassName = 'console-form',
  children,
  size = 'md',
  danger = false,
}: {
  title: ReactNode;
  testId: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  busy: boolean;
  /** The submit button's words while it runs. */
  busyLabel?: string;
  /** The submit button is off also while this holds (e.g. a figure still missing). */
  submitDisabled?: boolean;
  submitTestId?: string;
  formTestId?: string;
  formClassName?: string;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  danger?: boolean;
}) {
  const formId = useId();
  return (
    <Modal
      title={title}
      onClose={onClose}
      testId={testId}
      size={size}
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className={`btn ${danger ? 'btn--danger' : 'btn--primary'}`}
            disabled={busy || submitDisabled}
            data-testid={submitTestId}
          >
            {busy ? busyLabel : submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} className={formClassName} onSubmit={onSubmit} noValidate data-testid={formTestId}>
        {children}
      </form>
    </Modal>
  );
}
