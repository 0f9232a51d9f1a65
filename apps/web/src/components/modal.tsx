import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** data-testid of the dialog box. */
  testId?: string;
  size?: 'sm' | 'md' | 'lg';
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The dialog's Tab stops, in document order: no tabindex -1 (a roving tab list's other tabs), nothing hidden. */
function focusablesIn(box: HTMLElement): HTMLElement[] {
  return Array.from(box.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0,
  );
}

const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

/**
 * A centred dialog over a dimmed backdrop; closes on the × button, Escape or a backdrop click.
 * It takes the keyboard focus when it opens (the element marked `data-autofocus`, else its first
 * field or control, else the dialog itself),
 * keeps Tab and Shift+Tab inside it while open, and gives the focus back to whatever had it
 * before (the opener) when it closes, so a keyboard user never lands on the page behind.
 */
export function Modal({ title, onClose, children, footer, testId, size = 'md' }: ModalProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  // Read while rendering, before this dialog is in the DOM: the element the user opened it from.
  const [opener] = useState(() =>
    typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null),
  );
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = box.current;
    if (!dialog) return;
    const body = dialog.querySelector<HTMLElement>('.modal__body');
    const [first] = focusablesIn(body ?? dialog);
    (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? first ?? dialog).focus();

    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        closeRef.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const stops = focusablesIn(dialog);
      if (stops.length === 0) {
        e.preventDefault();
        dialog.focus();
        return;
      }
      const active = document.activeElement;
      // Wrap at either end (judged by document order, so a focused scroller or the dialog itself
      // counts too), and pull the focus back in if it got out (a click on the page behind).
      const inside = active !== null && dialog.contains(active);
      if (e.shiftKey && (!inside || !stops.some((s) => follows(s, active)))) {
        e.preventDefault();
        stops[stops.length - 1]!.focus();
      } else if (!e.shiftKey && (!inside || !stops.some((s) => follows(active, s)))) {
        e.preventDefault();
        stops[0]!.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    document.body.classList.add('modal-open');
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.body.classList.remove('modal-open');
      // Back to the opener, if it is still on the page (a menu item may have gone with its menu).
      if (opener && opener !== document.body && opener.isConnected) opener.focus();
    };
  }, [opener]);

  return createPortal(
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={box}
        className={`modal modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
      >
        <div className="modal__head">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button
            type="button"
            className="modal__close"
            aria-label="Close"
            onClick={onClose}
            data-testid={testId ? `${testId}-close` : undefined}
          >
            ×
          </button>
        </div>
        <div className="modal__body">{children}</div>
        {footer && <div className="modal__foot">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
