import { useState, type ReactNode } from 'react';
import { Modal } from '@/components';

/**
 * The confirmation every money-moving action asks for: what will happen (figures included) and
 * one button that does it. The button stays disabled while it runs; Escape or Cancel closes.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  danger = false,
  onConfirm,
  onClose,
  testId,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  /** Resolves when done (the dialog closes); a throw keeps it open for another try. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  testId: string;
}) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // The caller has said what went wrong (a toast); the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={title}
      onClose={onClose}
      size="sm"
      testId={testId}
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className={`btn ${danger ? 'btn--danger' : 'btn--primary'}`} onClick={() => void confirm()} disabled={busy} autoFocus data-testid={`${testId}-confirm`}>
            {busy ? 'Working…' : confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
