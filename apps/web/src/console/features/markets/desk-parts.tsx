import { useCallback, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { DeskKey, DeskStatus } from './desk-keys';

/** What a desk's key rule answers: not its key, or the new draft and maybe something to send. */
export type DeskResult<D, E> =
  { handled: false } | { handled: true; draft: D; send?: E | { status: DeskStatus } };

/** The parts of a desk that differ between the bookmaker and the fancy one (desk-keys.ts has the rules). */
export interface DeskRules<S, D, E> {
  /** The draft of the live quote; `previous` is the draft it replaces (to keep what is picked). */
  draftOf: (source: S, previous?: D) => D;
  dirty: (draft: D, source: S) => boolean;
  key: (draft: D, key: DeskKey) => DeskResult<D, E>;
  /** Sends an edit; false when it was refused (the edit then stays on the desk). */
  send: (edit: E) => Promise<boolean>;
  setStatus: (status: DeskStatus) => Promise<unknown>;
}

/** Runs a desk's sends and says whether any is still on its way (for "Sending…"). */
function useDeskSender() {
  const [busy, setBusy] = useState(0);
  const run = useCallback((send: () => Promise<unknown>) => {
    setBusy((n) => n + 1);
    void send().finally(() => setBusy((n) => n - 1));
  }, []);
  return { busy: busy > 0, run };
}

/**
 * A desk's draft over the live quote (`source`): the draft follows the market (an answer, another
 * desk, the feed) while nothing is being edited; an edit stays until sent or dropped, and a refused
 * edit comes back to the desk to be put right and sent again.
 */
export function useDesk<S, D, E extends object>(source: S, rules: DeskRules<S, D, E>) {
  const [draft, setDraft] = useState<D>(() => rules.draftOf(source));
  const [editing, setEditing] = useState(false);
  const [seen, setSeen] = useState(source);
  const sender = useDeskSender();
  if (seen !== source) {
    setSeen(source);
    if (!editing) setDraft(rules.draftOf(source, draft));
  }

  const apply = (r: DeskResult<D, E>) => {
    if (!r.handled) return false;
    setDraft(r.draft);
    const send = r.send;
    if (!send) {
      setEditing(rules.dirty(r.draft, source));
    } else if ('status' in send) {
      sender.run(() => rules.setStatus(send.status));
    } else {
      setEditing(false);
      const sent = r.draft;
      sender.run(async () => {
        if (!(await rules.send(send))) {
          setDraft(sent);
          setEditing(true);
        }
      });
    }
    return true;
  };
  const press = (key: DeskKey) => apply(rules.key(draft, key));
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Keys typed into the desk's own buttons are theirs (Enter or Space on a button clicks it).
    if (e.target !== e.currentTarget) return;
    if (press(e.nativeEvent)) e.preventDefault();
  };
  return { draft, dirty: rules.dirty(draft, source), busy: sender.busy, press, onKeyDown };
}

/** One of a desk's touch buttons: the key it presses. */
export interface DeskButton {
  key: string;
  label: string;
  ariaLabel?: string;
  testId?: string;
}

/**
 * A desk on screen: the pad that takes the keys (its quote inside), the touch buttons (then Send
 * and Reset), and the keys' help: one line always, the whole list while the desk is in use (the
 * focus inside it). A phone, without the keys, gets the buttons instead.
 */
export function DeskShell({
  testId,
  label,
  shortcuts,
  desk,
  state,
  buttons,
  canSend,
  helpShort,
  helpKeys,
  children,
}: {
  /** The prefix of every test id of the desk. */
  testId: string;
  label: string;
  shortcuts: string;
  desk: Pick<ReturnType<typeof useDesk>, 'dirty' | 'press' | 'onKeyDown'>;
  state: ReactNode;
  buttons: DeskButton[];
  canSend: boolean;
  helpShort: string;
  helpKeys: [string, string][];
  children: ReactNode;
}) {
  const { dirty, press } = desk;
  return (
    <div className="desk">
      <div
        className={`desk__pad${dirty ? ' desk__pad--dirty' : ''}`}
        tabIndex={0}
        role="group"
        aria-label={label}
        aria-keyshortcuts={shortcuts}
        onKeyDown={desk.onKeyDown}
        data-testid={testId}
      >
        {children}
        <p className="desk__state" aria-live="polite" data-testid={`${testId}-state`}>
          {state}
        </p>
      </div>
      <div className="desk__buttons" aria-label="Desk buttons">
        {buttons.map((b) => (
          <button
            key={b.key}
            type="button"
            className="btn btn--small"
            onClick={() => press({ key: b.key })}
            aria-label={b.ariaLabel}
            data-testid={b.testId && `${testId}-${b.testId}`}
          >
            {b.label}
          </button>
        ))}
        <button
          type="button"
          className="btn btn--small btn--primary"
          onClick={() => press({ key: 'Enter' })}
          disabled={!canSend}
          data-testid={`${testId}-send`}
        >
          Send
        </button>
        <button
          type="button"
          className="btn btn--small"
          onClick={() => press({ key: 'Escape' })}
          disabled={!dirty}
        >
          Reset
        </button>
      </div>
      <div className="desk__help" data-testid={`${testId}-help`}>
        <p className="desk__help-short">{helpShort}</p>
        <dl className="desk__help-full">
          {helpKeys.map(([key, what]) => (
            <div key={key}>
              <dt>
                <kbd>{key}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
