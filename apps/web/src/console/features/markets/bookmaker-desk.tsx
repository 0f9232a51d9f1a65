import type { OperatorMarket } from '@exchange/contracts';
import {
  bookmakerDeskKey,
  bookmakerDirty,
  bookmakerDraftOf,
  shownRow,
  type BookmakerRatesBody,
} from './desk-keys';
import { DeskShell, useDesk, type DeskButton } from './desk-parts';
import type { MarketActions } from './api/market-actions';

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

const BOOKMAKER_BUTTONS: DeskButton[] = [
  { key: 'ArrowUp', label: '↑', ariaLabel: 'Previous runner' },
  { key: 'ArrowDown', label: '↓', ariaLabel: 'Next runner' },
  { key: 'ArrowLeft', label: '−1', testId: 'down' },
  { key: 'ArrowRight', label: '+1', testId: 'up' },
];

const rate = (n: number | null) => (n === null ? '–' : String(n));

/**
 * A bookmaker market's desk: focus it and set each runner's back and lay rates from the keyboard
 * (desk-keys.ts has the rules); the buttons below do the same for a touch screen.
 */
export function BookmakerDesk({ market, actions }: { market: OperatorMarket; actions: MarketActions }) {
  const runners = market.runners;
  const id = market.market_id;
  const desk = useDesk(runners, {
    draftOf: (rs, previous) => bookmakerDraftOf(rs, previous?.selected),
    dirty: bookmakerDirty,
    key: (d, key) => bookmakerDeskKey(d, key, market.status, runners),
    send: (edit: { rates: BookmakerRatesBody }) => actions.setBookmakerRates(id, edit.rates.rates),
    setStatus: (status) => actions.setStatus(id, status),
  });
  const { draft, dirty } = desk;

  const names = new Map(runners.map((r) => [r.selection_id, r.name]));
  const picked = draft.rows[draft.selected];
  return (
    <DeskShell
      testId={`bookmaker-desk-${id}`}
      label={`Bookmaker desk: ${market.name}${picked ? `, ${names.get(picked.selectionId)} picked` : ''}`}
      shortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight Enter S B O Space Escape"
      desk={desk}
      state={desk.busy ? 'Sending…' : dirty ? 'Not sent: Enter sends, Esc drops' : 'As live'}
      buttons={BOOKMAKER_BUTTONS}
      canSend={dirty}
      helpShort="Keys (click or Tab into the desk): ↑ ↓ runner · → ← rate · 0–9 new rate · Enter send · B ball running · S suspend · O open"
      helpKeys={BOOKMAKER_KEYS}
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
                    {on && draft.typed ? <span className="desk__typed">{draft.typed}</span> : rate(row.back)}
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
    </DeskShell>
  );
}
