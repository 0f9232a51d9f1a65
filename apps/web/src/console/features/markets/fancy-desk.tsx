import type { OperatorMarket } from '@exchange/contracts';
import { fancyDeskKey, fancyDirty, fancyDraftOf, fancyLineBody, type FancyLineBody } from './desk-keys';
import { DeskShell, useDesk, type DeskButton } from './desk-parts';
import type { MarketActions } from './api/market-actions';

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

const FANCY_BUTTONS: DeskButton[] = [
  { key: 'ArrowDown', label: '−1', testId: 'down' },
  { key: 'ArrowUp', label: '+1', testId: 'up' },
  { key: 'ArrowLeft', label: 'gap −', ariaLabel: 'Narrower gap' },
  { key: 'ArrowRight', label: 'gap +', ariaLabel: 'Wider gap' },
];

/**
 * A fancy (or binary) market's desk: focus it (click or Tab) and drive the NO / YES line from the
 * keyboard (desk-keys.ts has the rules); the buttons below do the same for a touch screen. The
 * draft follows the market while nothing is being edited; an edit stays until sent or dropped.
 */
export function FancyDesk({ market, actions }: { market: OperatorMarket; actions: MarketActions }) {
  const quote = market.fancy;
  const id = market.market_id;
  const desk = useDesk(quote, {
    draftOf: fancyDraftOf,
    dirty: fancyDirty,
    key: (d, key) => fancyDeskKey(d, key, market.status, quote),
    send: (edit: { line: FancyLineBody }) => actions.setFancyLine(id, edit.line),
    setStatus: (status) => actions.setStatus(id, status),
  });
  const { draft, dirty } = desk;
  const body = fancyLineBody(draft);
  return (
    <DeskShell
      testId={`fancy-desk-${id}`}
      label={`Fancy desk: ${market.name}. NO ${body.no_line} at ${body.no_rate}, YES ${body.yes_line} at ${body.yes_rate}`}
      shortcuts="ArrowUp ArrowDown Enter S B O Space Escape"
      desk={desk}
      state={
        <>
          {desk.busy
            ? 'Sending…'
            : dirty
              ? 'Not sent: Enter sends, Esc drops'
              : `Live: NO ${quote?.no_line ?? '–'} / YES ${quote?.yes_line ?? '–'}`}
          <span className="muted"> · gap {draft.gap}</span>
        </>
      }
      buttons={FANCY_BUTTONS}
      canSend={dirty || market.status === 'BALL_RUNNING'}
      helpShort="Keys (click or Tab into the desk): ↑ ↓ line · 0–9 new line · Enter send · B ball running · S suspend · O open"
      helpKeys={FANCY_KEYS}
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
    </DeskShell>
  );
}
