import type { OperatorMarket } from '@exchange/contracts';
import { useState, type KeyboardEvent } from 'react';
import {
  bookmakerDeskKey,
  bookmakerDirty,
  bookmakerDraftOf,
  shownRow,
  type BookmakerDeskResult,
  type BookmakerDraft,
  type DeskKey,
} from './desk-keys';
import { DeskKeyHelp, useDeskSender } from './desk-parts';
import type { MarketActions } from './use-market-actions';

const BOOKMAKER_KEYS: [string, string][] = [
  ['↑ / ↓', 'pick the runner'],
  ['→ / ←', 'its back and lay rate +1 / −1'],
  ['0–9', 'type its back rate (lay keeps its distance)'],
  ['+ / −', 'its lay rate further / nearer'],
  ['X', 'take the runner off (no rates)'],
  ['Enter', "send every runner's rates"],
  ['B / Space', 'ball running (Space again: open)'],
  ['S', 'suspend'],
  ['O', 'open'],
  ['Esc', 'drop the edits'],
];

const rate = (n: number | null) => (n === null ? '–' : String(n));

/**
 * A bookmaker market's desk: focus it and set each runner's back and lay rates from the keyboard
 * (desk-keys.ts has the rules); the buttons below do the same for a touch screen.
 */
export function BookmakerDesk({ market, actions }: { market: OperatorMarket; actions: MarketActions }) {
  const runners = market.runners;
  const [draft, setDraft] = useState<BookmakerDraft>(() => bookmakerDraftOf(runners));
  const [editing, setEditing] = useState(false);
  const [seen, setSeen] = useState(runners);
  const sender = useDeskSender();
  if (seen !== runners) {
    setSeen(runners);
    if (!editing) setDraft(bookmakerDraftOf(runners, draft.selected));
  }

  const apply = (r: BookmakerDeskResult) => {
    if (!r.handled) return false;
    setDraft(r.draft);
    if (!r.send) {
      setEditing(bookmakerDirty(r.draft, runners));
      return true;
    }
    if ('rates' in r.send) {
      setEditing(false);
      const { rates } = r.send.rates;
      const sent = r.draft;
      sender.run(async () => {
        if (!(await actions.setBookmakerRates(market.market_id, rates))) {
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
  const press = (key: DeskKey) => apply(bookmakerDeskKey(draft, key, market.status, runners));
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    if (press(e.nativeEvent)) e.preventDefault();
  };

  const id = market.market_id;
  const dirty = bookmakerDirty(draft, runners);
  const names = new Map(runners.map((r) => [r.selection_id, r.name]));
  const picked = draft.rows[draft.selected];
  return (
    <div className="desk">
      <div
        className={`desk__pad${dirty ? ' desk__pad--dirty' : ''}`}
        tabIndex={0}
        role="group"
        aria-label={`Bookmaker desk: ${market.name}${picked ? `, ${names.get(picked.selectionId)} picked` : ''}`}
        aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight Enter S B O Space Escape"
        onKeyDown={onKeyDown}
        data-testid={`bookmaker-desk-${id}`}
      >
        {draft.rows.length === 0 ? (
          <p className="muted">No runner to quote.</p>
        ) : (
          <table className="desk__rates">
            <thead>
              <tr>
                <th>Runner</th>
                <th className="num">Back</th>
                <th className="num">Lay</th>
              </tr>
            </thead>
            <tbody>
              {draft.rows.map((_, i) => {
                const row = shownRow(draft, i);
                const on = i === draft.selected;
                return (
                  <tr
                    key={row.selectionId}
                    className={on ? 'desk__row--picked' : undefined}
                    aria-selected={on}
                    data-testid={`bookmaker-desk-${id}-runner-${row.selectionId}`}
                  >
                    <td>{names.get(row.selectionId)}</td>
                    <td
                      className="num desk__cell--back"
                      data-testid={`bookmaker-desk-${id}-back-${row.selectionId}`}
                    >
                      {on && draft.typed ? (
                        <span className="desk__typed">{draft.typed}</span>
                      ) : (
                        rate(row.back)
                      )}
                    </td>
                    <td
                      className="num desk__cell--lay"
                      data-testid={`bookmaker-desk-${id}-lay-${row.selectionId}`}
                    >
                      {rate(row.lay)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        <p className="desk__state" aria-live="polite" data-testid={`bookmaker-desk-${id}-state`}>
          {sender.busy ? 'Sending…' : dirty ? 'Not sent: Enter sends, Esc drops' : 'As live'}
        </p>
      </div>
      <div className="desk__buttons" aria-label="Desk buttons">
        <button
          type="button"
          className="btn btn--small"
          onClick={() => press({ key: 'ArrowUp' })}
          aria-label="Previous runner"
        >
          ↑
        </button>
        <button
          type="button"
          className="btn btn--small"
          onClick={() => press({ key: 'ArrowDown' })}
          aria-label="Next runner"
        >
          ↓
        </button>
        <button
          type="button"
          className="btn btn--small"
          onClick={() => press({ key: 'ArrowLeft' })}
          data-testid={`bookmaker-desk-${id}-down`}
        >
          −1
        </button>
        <button
          type="button"
          className="btn btn--small"
          onClick={() => press({ key: 'ArrowRight' })}
          data-testid={`bookmaker-desk-${id}-up`}
        >
          +1
        </button>
        <button
          type="button"
          className="btn btn--small btn--primary"
          onClick={() => press({ key: 'Enter' })}
          disabled={!dirty}
          data-testid={`bookmaker-desk-${id}-send`}
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
        short="Keys (click or Tab into the desk): ↑ ↓ runner · → ← rate · 0–9 new rate · Enter send · B ball running · S suspend · O open"
        keys={BOOKMAKER_KEYS}
        testId={`bookmaker-desk-${id}-help`}
      />
    </div>
  );
}
