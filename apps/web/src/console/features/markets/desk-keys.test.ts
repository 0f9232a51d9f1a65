import { describe, expect, it } from 'vitest';
import {
  bookmakerDeskKey,
  bookmakerDirty,
  bookmakerDraftOf,
  fancyDeskKey,
  fancyDirty,
  fancyDraftOf,
  type BookmakerDraft,
  type BookmakerRunnerQuote,
  type FancyDraft,
  type FancyQuote,
} from './desk-keys';

const QUOTE: FancyQuote = { no_line: 45, no_rate: 100, yes_line: 47, yes_rate: 100 };

/** Presses keys in turn on the fancy desk; answers the last draft and every send. */
function pressFancy(keys: string[], status = 'OPEN' as const, quote: FancyQuote | null = QUOTE) {
  let draft: FancyDraft = fancyDraftOf(quote);
  const sends: unknown[] = [];
  for (const key of keys) {
    const r = fancyDeskKey(draft, { key }, status, quote);
    if (!r.handled) throw new Error(`${key} not handled`);
    draft = r.draft;
    if (r.send) sends.push(r.send);
  }
  return { draft, sends };
}

describe('fancy desk keys', () => {
  it('ArrowUp then Enter sends NO+1 and YES+1, the gap kept', () => {
    expect(pressFancy(['ArrowUp', 'Enter']).sends).toEqual([
      { line: { no_line: 46, no_rate: 100, yes_line: 48, yes_rate: 100 } },
    ]);
  });

  it('arrows alone send nothing; Down twice then Enter sends two lower', () => {
    expect(pressFancy(['ArrowDown', 'ArrowDown']).sends).toEqual([]);
    expect(pressFancy(['ArrowDown', 'ArrowDown', 'Enter']).sends).toEqual([
      { line: { no_line: 43, no_rate: 100, yes_line: 45, yes_rate: 100 } },
    ]);
  });

  it('digits type a new NO line, Backspace takes one back, Enter sends it with YES = NO + the gap', () => {
    const { draft, sends } = pressFancy(['5', '9', 'Backspace', '3', 'Enter']);
    expect(sends).toEqual([{ line: { no_line: 53, no_rate: 100, yes_line: 55, yes_rate: 100 } }]);
    expect(draft.typed).toBe('');
    expect(draft.noLine).toBe(53);
  });

  it('an arrow after typed digits moves from the typed line', () => {
    expect(pressFancy(['6', '0', 'ArrowUp', 'Enter']).sends).toEqual([
      { line: { no_line: 61, no_rate: 100, yes_line: 63, yes_rate: 100 } },
    ]);
  });

  it('Right and Left move the YES line only; the gap never goes below 0', () => {
    expect(pressFancy(['ArrowRight', 'Enter']).sends).toEqual([
      { line: { no_line: 45, no_rate: 100, yes_line: 48, yes_rate: 100 } },
    ]);
    expect(pressFancy(['ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'Enter']).sends).toEqual([
      { line: { no_line: 45, no_rate: 100, yes_line: 45, yes_rate: 100 } },
    ]);
  });

  it('the line does not go below 0', () => {
    const q = { no_line: 0, no_rate: 100, yes_line: 1, yes_rate: 100 };
    expect(pressFancy(['ArrowDown', 'Enter'], 'OPEN', q).sends).toEqual([
      { line: { no_line: 0, no_rate: 100, yes_line: 1, yes_rate: 100 } },
    ]);
  });

  it('rate keys move each rate by 5, R puts both back to 100', () => {
    expect(pressFancy([']', ';', ';', 'Enter']).sends).toEqual([
      { line: { no_line: 45, no_rate: 105, yes_line: 47, yes_rate: 90 } },
    ]);
    expect(pressFancy([']', "'", 'r', 'Enter']).sends).toEqual([
      { line: { no_line: 45, no_rate: 100, yes_line: 47, yes_rate: 100 } },
    ]);
  });

  it('Enter on a ball-running market opens it with the new line; a suspended one stays suspended', () => {
    expect(pressFancy(['ArrowUp', 'Enter'], 'BALL_RUNNING' as 'OPEN').sends).toEqual([
      { line: { no_line: 46, no_rate: 100, yes_line: 48, yes_rate: 100, status: 'OPEN' } },
    ]);
    expect(pressFancy(['Enter'], 'SUSPENDED' as 'OPEN').sends).toEqual([
      { line: { no_line: 45, no_rate: 100, yes_line: 47, yes_rate: 100 } },
    ]);
  });

  it('S, B and O change the status; Space flips between open and ball running; a key for the current status sends nothing', () => {
    expect(pressFancy(['s']).sends).toEqual([{ status: 'SUSPENDED' }]);
    expect(pressFancy(['B']).sends).toEqual([{ status: 'BALL_RUNNING' }]);
    expect(pressFancy([' ']).sends).toEqual([{ status: 'BALL_RUNNING' }]);
    expect(pressFancy([' '], 'BALL_RUNNING' as 'OPEN').sends).toEqual([{ status: 'OPEN' }]);
    expect(pressFancy(['o'], 'SUSPENDED' as 'OPEN').sends).toEqual([{ status: 'OPEN' }]);
    expect(pressFancy(['o']).sends).toEqual([]);
  });

  it('Escape drops the edits; the draft is then the market again', () => {
    const { draft } = pressFancy(['ArrowUp', '7', ']', 'Escape']);
    expect(fancyDirty(draft, QUOTE)).toBe(false);
    expect(fancyDirty(pressFancy(['ArrowUp']).draft, QUOTE)).toBe(true);
  });

  it('leaves the browser its keys (Ctrl+R, Tab) and keys of no meaning', () => {
    const draft = fancyDraftOf(QUOTE);
    expect(fancyDeskKey(draft, { key: 'r', ctrlKey: true }, 'OPEN', QUOTE).handled).toBe(false);
    expect(fancyDeskKey(draft, { key: 'Tab' }, 'OPEN', QUOTE).handled).toBe(false);
    expect(fancyDeskKey(draft, { key: 'q' }, 'OPEN', QUOTE).handled).toBe(false);
  });

  it('a market without a quote starts at 0 and 1, even money', () => {
    expect(pressFancy(['Enter'], 'OPEN', null).sends).toEqual([
      { line: { no_line: 0, no_rate: 100, yes_line: 1, yes_rate: 100 } },
    ]);
  });
});

const RUNNERS: BookmakerRunnerQuote[] = [
  { selection_id: 1, name: 'India', status: 'ACTIVE', back_rate: 45, lay_rate: 49 },
  { selection_id: 2, name: 'Australia', status: 'ACTIVE', back_rate: 120, lay_rate: 125 },
  { selection_id: 3, name: 'Gone', status: 'REMOVED', back_rate: null, lay_rate: null },
];

function pressBookmaker(keys: string[], status = 'OPEN' as const) {
  let draft: BookmakerDraft = bookmakerDraftOf(RUNNERS);
  const sends: unknown[] = [];
  for (const key of keys) {
    const r = bookmakerDeskKey(draft, { key }, status, RUNNERS);
    if (!r.handled) throw new Error(`${key} not handled`);
    draft = r.draft;
    if (r.send) sends.push(r.send);
  }
  return { draft, sends };
}

describe('bookmaker desk keys', () => {
  it('quotes the active runners only', () => {
    expect(bookmakerDraftOf(RUNNERS).rows.map((r) => r.selectionId)).toEqual([1, 2]);
  });

  it('Right raises the picked runner back and lay by 1; Enter sends every runner', () => {
    expect(pressBookmaker(['ArrowRight', 'Enter']).sends).toEqual([
      {
        rates: {
          rates: [
            { selection_id: 1, back_rate: 46, lay_rate: 50 },
            { selection_id: 2, back_rate: 120, lay_rate: 125 },
          ],
        },
      },
    ]);
  });

  it('Down picks the next runner (and wraps); digits type its back rate, the lay keeping its distance', () => {
    const { sends } = pressBookmaker(['ArrowDown', '9', '8', 'Enter']);
    expect(sends).toEqual([
      {
        rates: {
          rates: [
            { selection_id: 1, back_rate: 45, lay_rate: 49 },
            { selection_id: 2, back_rate: 98, lay_rate: 103 },
          ],
        },
      },
    ]);
    expect(pressBookmaker(['ArrowDown', 'ArrowDown']).draft.selected).toBe(0);
    expect(pressBookmaker(['ArrowUp']).draft.selected).toBe(1);
  });

  it('a rate typed on one runner stays when another is picked', () => {
    const { draft } = pressBookmaker(['5', '0', 'ArrowDown']);
    expect(draft.rows[0]).toEqual({ selectionId: 1, back: 50, lay: 54 });
    expect(draft.typed).toBe('');
  });

  it('+ and - move the lay rate only, never below the back rate', () => {
    expect(pressBookmaker(['+']).draft.rows[0]).toEqual({ selectionId: 1, back: 45, lay: 50 });
    expect(pressBookmaker(['-', '-', '-', '-', '-', '-']).draft.rows[0]).toEqual({
      selectionId: 1,
      back: 45,
      lay: 45,
    });
  });

  it('X takes a runner off; typing a rate brings it back with the default distance', () => {
    const off = pressBookmaker(['x', 'Enter']).sends[0] as { rates: { rates: unknown[] } };
    expect(off.rates.rates[0]).toEqual({ selection_id: 1, back_rate: null, lay_rate: null });
    expect(pressBookmaker(['x', '3', '0']).draft.rows[0]).toEqual({ selectionId: 1, back: null, lay: null });
    expect(pressBookmaker(['x', '3', '0', 'ArrowDown']).draft.rows[0]).toEqual({
      selectionId: 1,
      back: 30,
      lay: 34,
    });
  });

  it('the back rate stays at least 1', () => {
    expect(pressBookmaker(['0', '1', 'ArrowLeft']).draft.rows[0]).toEqual({
      selectionId: 1,
      back: 1,
      lay: 5,
    });
  });

  it('status keys and Escape as on the fancy desk', () => {
    expect(pressBookmaker(['b']).sends).toEqual([{ status: 'BALL_RUNNING' }]);
    const { draft } = pressBookmaker(['ArrowRight', 'ArrowDown', '7', 'Escape']);
    expect(bookmakerDirty(draft, RUNNERS)).toBe(false);
    expect(draft.selected).toBe(1);
  });
});
