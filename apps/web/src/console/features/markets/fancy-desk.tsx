import type { OperatorMarket } from '@exchange/contracts';
import { useState, type KeyboardEvent } from 'react';
import {
  fancyDeskKey,
  fancyDirty,
  fancyDraftOf,
  fancyLineBody,
  type DeskKey,
  type FancyDeskResult,
  type FancyDraft,
} from './desk-keys';
import { DeskKeyHelp, useDeskSender } from './desk-parts';
import type { MarketActions } from './use-market-actions';

const FANCY_KEYS: [string, string][] = [
  ['↑ / ↓', 'NO and YES line +1 / −1'],
  ['0–9', 'type a new NO line'],
  ['Enter', 'send the line (ball running: opens again)'],
  ['→ / ←', 'YES line further / nearer (the gap)'],
  ['] / [', 'NO rate +5 / −5'],
  ["' / ;", 'YES rate +5 / −5'],
  ['R', 'both rates back to 100'],
  ['B / Space', 'ball running (Space again: open)'],
  ['S', 'suspend'],
  ['O', 'open'],
  ['Esc', 'drop the edits'],
];

/**
 * A fancy (or binary) market's desk: focus it (click or Tab) and drive the NO / YES line from the
 * keyboard (desk-keys.ts has the rules); the buttons below do the same for a touch screen. The
 * draft follows the market while nothing is being edited; an edit stays until sent or dropped.
 */
export function FancyDesk({ market, actions }: { market: OperatorMarket; actions: MarketActions }) {
  const quote = market.fancy;
  const [draft, setDraft] = useState<FancyDraft>(() => fancyDraftOf(quote));
  const [editing, setEditing] = useState(false);
  const [seen, setSeen] = useState(quote);
  const sender = useDeskSender();
  // The market moved (an answer, another desk, the feed): follow it unless an edit is under way.
  if (seen !== quote) {
    setSeen(quote);
    if (!editing) setDraft(fancyDraftOf(quote));
  }

  const apply = (r: FancyDeskResult) => {
    if (!r.handled) return false;
    setDraft(r.draft);
    if (!r.send) {
      setEditing(fancyDirty(r.draft, quote));
      return true;
    }
    if ('line' in r.send) {
      setEditing(false);
      const line = r.send.line;
      const sent = r.draft;
      sender.run(async () => {
        // A refused line stays on the desk (as an edit) to be put right and sent again.
        if (!(await actions.setFancyLine(market.market_id, line))) {
          setDraft(sent);
          setEditing(true);
        }
      });
    } else {
      const status = r.send.status;
      sender.run(() => actions.setStatus(market.market_id, status));
    }
    return true;
  };
  const press = (key: DeskKey) => apply(fancyDeskKey(draft, key, market.status, quote));
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Keys typed into the desk's own buttons are theirs (Enter or Space on a button clicks it).
    if (e.target !== e.currentTarget) return;
    if (press(e.nativeEvent)) e.preventDefault();
  };

  const body = fancyLineBody(draft);
  const dirty = fancyDirty(draft, quote);
  const id = market.market_id;
  return (
    <div className="desk">
      <div
        className={`desk__pad${dirty ? ' desk__pad--dirty' : ''}`}
        tabIndex={0}
        role="group"
        aria-label={`Fancy desk: ${market.name}. NO ${body.no_line} at ${body.no_rate}, YES ${body.yes_line} at ${body.yes_rate}`}
        aria-keyshortcuts="ArrowUp ArrowDown Enter S B O Space Escape"
        onKeyDown={onKeyDown}
        data-testid={`fancy-desk-${id}`}
      >
        <div className="desk__quote">
          <div className="desk__box desk__box--no">
            <span className="desk__side">NO</span>
            <span className="desk__line" data-testid={`fancy-desk-${id}-no`}>
              {draft.typed ? <span className="desk__typed">{draft.typed}</span> : body.no_line}
            </span>
            <span className="desk__rate" data-testid={`fancy-desk-${id}-no-rate`}>
              {body.no_rate}
            </span>
          </div>
          <div className="desk__box desk__box--yes">
            <span className="desk__side">YES</span>
            <span className="desk__line" data-testid={`fancy-desk-${id}-yes`}>
              {body.yes_line}
            </span>
            <span className="desk__rate" data-testid={`fancy-desk-${id}-yes-rate`}>
              {body.yes_rate}
            </span>
          </div>
        </div>
        <p className="desk__state" aria-live="polite" data-testid={`fancy-desk-${id}-state`}>
          {sender.busy
            ? 'Sending…'
            : dirty
              ? 'Not sent: Enter sends, Esc drops'
              : `Live: NO ${quote?.no_line ?? '–'} / YES ${quote?.yes_line ?? '–'}`}
          <span className="muted"> · gap {draft.gap}</span>
        </p>
      </div>
      <div className="desk__buttons" aria-label="Desk buttons">
        <button
          type="button"
          className="btn btn--small"
          onClick={() => press({ key: 'ArrowDown' })}
          data-testid={`fancy-desk-${id}-down`}
        >
          −1
        </button>
        <button
          type="button"
          className="btn btn--small"
          onClick={() => press({ key: 'ArrowUp' })}
          data-testid={`fancy-desk-${id}-up`}
        >
          +1
        </button>
        <button
          type="button"
          className="btn btn--small"
          onClick={() => press({ key: 'ArrowLeft' })}
          aria-label="Narrower gap"
        >
          gap −
        </button>
        <button
          type="button"
          className="btn btn--small"
          onClick={() => press({ key: 'ArrowRight' })}
          aria-label="Wider gap"
        >
          gap +
        </button>
        <button
          type="button"
          className="btn btn--small btn--primary"
          onClick={() => press({ key: 'Enter' })}
          disabled={!dirty && market.status !== 'BALL_RUNNING'}
          data-testid={`fancy-desk-${id}-send`}
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
      <DeskKeyHelp
        short="Keys (click or Tab into the desk): ↑ ↓ line · 0–9 new line · Enter send · B ball running · S suspend · O open"
        keys={FANCY_KEYS}
        testId={`fancy-desk-${id}-help`}
      />
    </div>
  );
}
