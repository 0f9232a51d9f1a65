import { useId, type FormEventHandler, type ReactNode } from 'react';
import { Modal } from '@/components';

/** A labelled field of a console form, with its error under it. */
export function FormField({
  label,
  error,
  children,
  hint,
}: {
  label: string;
  error?: string | undefined;
  children: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      {children}
      {hint && <span className="muted console-hint">{hint}</span>}
      {error && (
        <span className="field__error" role="alert">
          {error}
        </span>
      )}
    </label>
  );
}

/**
 * A form in a dialog: Enter in a field submits it (the foot's submit button belongs to the form
 * through its form attribute), Escape or Cancel closes it, and the button stays disabled while it
 * runs. `testId` names the dialog; its submit
 * button is `${testId}-submit`.
 */
export function FormDialog({
  title,
  testId,
  onClose,
  onSubmit,
  submitLabel,
  busy,
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
            disabled={busy}
            data-testid={`${testId}-submit`}
          >
            {busy ? 'Working…' : submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} className="console-form" onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </Modal>
  );
}
