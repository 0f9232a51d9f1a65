/**
 * The trading desk's keyboard (ADR 36), as pure functions: a key and the desk's draft in, the new
 * draft and what to send (if anything) out. The desk components only wire these to the keydown
 * of a focused desk and to the calls, so the rules here are what the tests check.
 *
 * Common to both desks: S suspends, B marks the ball running, O or Space opens again (Space on an
 * open market marks the ball running: one key flips between balls), Escape drops what was typed
 * and edited, Enter sends.
 */
import type { MarketStatus } from '@exchange/contracts';

/** A status change the desk asks for (operator/setMarketStatus). */
export type DeskStatus = Exclude<MarketStatus, 'INACTIVE' | 'CLOSED'>;

/** A typed number is at most this many digits (lines and rates are whole numbers). */
const MAX_TYPED_DIGITS = 6;
/** Fancy rates move by 5 (100 -> 105 -> 110), the steps the sites quote. */
export const FANCY_RATE_STEP = 5;
/** A fancy rate starts at 100 (even money) when the market has none. */
const DEFAULT_FANCY_RATE = 100;
/** A bookmaker runner brought back without a lay rate quotes this far above its back rate. */
export const DEFAULT_BOOKMAKER_SPREAD = 4;

export interface DeskKey {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

const STATUS_KEYS = new Set(['s', 'b', 'o', ' ']);

/** The status a key asks for on both desks; null when the key is not a status key or changes nothing. */
export function statusOfKey(key: string, current: MarketStatus): DeskStatus | null {
  const k = key.toLowerCase();
  const wanted: DeskStatus | null =
    k === 's'
      ? 'SUSPENDED'
      : k === 'b'
        ? 'BALL_RUNNING'
        : k === 'o'
          ? 'OPEN'
          : key === ' '
            ? current === 'OPEN'
              ? 'BALL_RUNNING'
              : 'OPEN'
            : null;
  return wanted === current ? null : wanted;
}

/** A digit appended to the typed number (leading zeros dropped, at most MAX_TYPED_DIGITS). */
function typeDigit(typed: string, digit: string): string {
  const next = (typed + digit).replace(/^0+(?=\d)/, '');
  return next.length > MAX_TYPED_DIGITS ? typed : next;
}

/** A status key: its change to send; one that changes nothing (S on a suspended market) is still the desk's. */
function statusKey<D>(
  draft: D,
  key: string,
  status: MarketStatus,
): { handled: false } | { handled: true; draft: D; send?: { status: DeskStatus } } {
  if (!STATUS_KEYS.has(key.toLowerCase())) return { handled: false };
  const wanted = statusOfKey(key, status);
  return wanted ? { handled: true, draft, send: { status: wanted } } : { handled: true, draft };
}

const isDigit = (key: string) => key.length === 1 && key >= '0' && key <= '9';
/** Keys with Ctrl, Alt or Meta belong to the browser (copy, reload, switching tabs). */
const isChord = (e: DeskKey) => Boolean(e.ctrlKey || e.metaKey || e.altKey);

// ---- fancy: the NO and YES line --------------------------------------------------------------

export interface FancyQuote {
  no_line: number | null;
  no_rate: number | null;
  yes_line: number | null;
  yes_rate: number | null;
}

/** What the fancy desk holds: the NO line, the YES line's distance above it, both rates, the typed digits. */
export interface FancyDraft {
  noLine: number;
  gap: number;
  noRate: number;
  yesRate: number;
  /** Digits typed for a new NO line ('' when none). */
  typed: string;
}

export interface FancyLineBody {
  no_line: number;
  no_rate: number;
  yes_line: number;
  yes_rate: number;
  status?: DeskStatus;
}

export type FancyDeskResult =
  | { handled: false }
  | { handled: true; draft: FancyDraft; send?: { line: FancyLineBody } | { status: DeskStatus } };

/** The desk's draft of a market's quote (a market without one starts at 0 / 1, even money). */
export function fancyDraftOf(q: FancyQuote | null): FancyDraft {
  const noLine = q?.no_line ?? 0;
  const yesLine = q?.yes_line ?? noLine + 1;
  return {
    noLine,
    gap: Math.max(0, yesLine - noLine),
    noRate: q?.no_rate ?? DEFAULT_FANCY_RATE,
    yesRate: q?.yes_rate ?? DEFAULT_FANCY_RATE,
    typed: '',
  };
}

/** The NO line the draft shows: the typed one while digits are typed. */
export const fancyNoLine = (d: FancyDraft) => (d.typed ? Number(d.typed) : d.noLine);

/** The body operator/setFancyLine gets for this draft (YES = NO + the gap). */
export function fancyLineBody(d: FancyDraft): FancyLineBody {
  const noLine = fancyNoLine(d);
  return { no_line: noLine, no_rate: d.noRate, yes_line: noLine + d.gap, yes_rate: d.yesRate };
}

/** Whether the draft differs from the market's quote (typed digits count). */
export function fancyDirty(d: FancyDraft, q: FancyQuote | null): boolean {
  const body = fancyLineBody(d);
  return (
    d.typed !== '' ||
    body.no_line !== q?.no_line ||
    body.yes_line !== q?.yes_line ||
    body.no_rate !== q?.no_rate ||
    body.yes_rate !== q?.yes_rate
  );
}

/**
 * One key on the fancy desk. Up / Down move both lines by 1 (the gap kept); Right / Left widen or
 * narrow the gap (the YES line moves); digits type a new NO line; [ and ] lower and raise the NO
 * rate, ; and ' the YES rate, by 5; R puts both rates back to 100; Enter sends the line (a market
 * whose ball is running opens again with it: the next ball's line). `status` is the market's.
 */
export function fancyDeskKey(
  draft: FancyDraft,
  e: DeskKey,
  status: MarketStatus,
  quote: FancyQuote | null,
): FancyDeskResult {
  if (isChord(e)) return { handled: false };
  const at = fancyNoLine(draft);
  const moved = (d: Partial<FancyDraft>): FancyDeskResult => ({
    handled: true,
    draft: { ...draft, noLine: at, typed: '', ...d },
  });
  switch (e.key) {
    case 'ArrowUp':
      return moved({ noLine: at + 1 });
    case 'ArrowDown':
      return moved({ noLine: Math.max(0, at - 1) });
    case 'ArrowRight':
      return { handled: true, draft: { ...draft, gap: draft.gap + 1 } };
    case 'ArrowLeft':
      return { handled: true, draft: { ...draft, gap: Math.max(0, draft.gap - 1) } };
    case '[':
      return { handled: true, draft: { ...draft, noRate: Math.max(1, draft.noRate - FANCY_RATE_STEP) } };
    case ']':
      return { handled: true, draft: { ...draft, noRate: draft.noRate + FANCY_RATE_STEP } };
    case ';':
      return { handled: true, draft: { ...draft, yesRate: Math.max(1, draft.yesRate - FANCY_RATE_STEP) } };
    case "'":
      return { handled: true, draft: { ...draft, yesRate: draft.yesRate + FANCY_RATE_STEP } };
    case 'r':
    case 'R':
      return { handled: true, draft: { ...draft, noRate: DEFAULT_FANCY_RATE, yesRate: DEFAULT_FANCY_RATE } };
    case 'Backspace':
      return { handled: true, draft: { ...draft, typed: draft.typed.slice(0, -1) } };
    case 'Escape':
      return { handled: true, draft: fancyDraftOf(quote) };
    case 'Enter': {
      const line = fancyLineBody(draft);
      const next = { ...draft, noLine: line.no_line, typed: '' };
      return {
        handled: true,
        draft: next,
        send: { line: status === 'BALL_RUNNING' ? { ...line, status: 'OPEN' } : line },
      };
    }
  }
  if (isDigit(e.key)) return { handled: true, draft: { ...draft, typed: typeDigit(draft.typed, e.key) } };
  return statusKey(draft, e.key, status);
}

// ---- bookmaker: back and lay rates per runner ------------------------------------------------

export interface BookmakerRunnerQuote {
  selection_id: number;
  name: string;
  status: string;
  back_rate: number | null;
  lay_rate: number | null;
}

export interface BookmakerRow {
  selectionId: number;
  back: number | null;
  lay: number | null;
}

export interface BookmakerDraft {
  rows: BookmakerRow[];
  /** The runner the arrows and digits act on (an index into rows). */
  selected: number;
  typed: string;
}

export interface BookmakerRatesBody {
  rates: { selection_id: number; back_rate: number | null; lay_rate: number | null }[];
}

export type BookmakerDeskResult =
  | { handled: false }
  | { handled: true; draft: BookmakerDraft; send?: { rates: BookmakerRatesBody } | { status: DeskStatus } };

/** Runners a bookmaker still quotes (a removed one has no rates to set). */
export const quotedRunners = (runners: readonly BookmakerRunnerQuote[]) =>
  runners.filter((r) => r.status === 'ACTIVE');

export function bookmakerDraftOf(runners: readonly BookmakerRunnerQuote[], selected = 0): BookmakerDraft {
  const rows = quotedRunners(runners).map((r) => ({
    selectionId: r.selection_id,
    back: r.back_rate,
    lay: r.lay_rate,
  }));
  return { rows, selected: Math.min(Math.max(0, selected), Math.max(0, rows.length - 1)), typed: '' };
}

/** The rates a row shows: the typed back rate (lay keeping its distance) while digits are typed. */
export function shownRow(d: BookmakerDraft, index: number): BookmakerRow {
  const row = d.rows[index]!;
  if (index !== d.selected || !d.typed) return row;
  return withBack(row, Number(d.typed));
}

/** The row with a new back rate; the lay rate keeps its distance above (or the default one). */
function withBack(row: BookmakerRow, back: number): BookmakerRow {
  const spread = row.back !== null && row.lay !== null ? row.lay - row.back : DEFAULT_BOOKMAKER_SPREAD;
  const b = Math.max(1, back);
  return { ...row, back: b, lay: b + Math.max(0, spread) };
}

export function bookmakerRatesBody(d: BookmakerDraft): BookmakerRatesBody {
  return {
    rates: d.rows.map((_, i) => {
      const r = shownRow(d, i);
      return { selection_id: r.selectionId, back_rate: r.back, lay_rate: r.lay };
    }),
  };
}

export function bookmakerDirty(d: BookmakerDraft, runners: readonly BookmakerRunnerQuote[]): boolean {
  if (d.typed) return true;
  const byId = new Map(runners.map((r) => [r.selection_id, r]));
  return d.rows.some(
    (row) =>
      byId.get(row.selectionId)?.back_rate !== row.back || byId.get(row.selectionId)?.lay_rate !== row.lay,
  );
}

/**
 * One key on the bookmaker desk. Up / Down pick the runner; Right / Left raise or lower its back
 * rate by 1 with the lay rate keeping its distance; + and - widen or narrow that distance (the lay
 * rate moves); digits type a new back rate; X takes the runner off (no rates: not offered); Enter
 * sends every runner's rates.
 */
export function bookmakerDeskKey(
  draft: BookmakerDraft,
  e: DeskKey,
  status: MarketStatus,
  runners: readonly BookmakerRunnerQuote[],
): BookmakerDeskResult {
  if (isChord(e) || draft.rows.length === 0) return { handled: false };
  const i = draft.selected;
  const current = shownRow(draft, i);
  const setRow = (row: BookmakerRow): BookmakerDeskResult => ({
    handled: true,
    draft: { ...draft, typed: '', rows: draft.rows.map((r, j) => (j === i ? row : r)) },
  });
  // Picking another runner keeps what was typed on this one.
  const pick = (to: number): BookmakerDeskResult => {
    const rows = draft.rows.map((r, j) => (j === i ? current : r));
    return { handled: true, draft: { rows, typed: '', selected: (to + rows.length) % rows.length } };
  };
  switch (e.key) {
    case 'ArrowUp':
      return pick(i - 1);
    case 'ArrowDown':
      return pick(i + 1);
    case 'ArrowRight':
      return current.back === null ? { handled: true, draft } : setRow(withBack(current, current.back + 1));
    case 'ArrowLeft':
      return current.back === null ? { handled: true, draft } : setRow(withBack(current, current.back - 1));
    case '+':
    case '=':
      return current.back === null || current.lay === null
        ? { handled: true, draft }
        : setRow({ ...current, lay: current.lay + 1 });
    case '-':
    case '_':
      return current.back === null || current.lay === null
        ? { handled: true, draft }
        : setRow({ ...current, lay: Math.max(current.back, current.lay - 1) });
    case 'x':
    case 'X':
      return setRow({ ...current, back: null, lay: null });
    case 'Backspace':
      return { handled: true, draft: { ...draft, typed: draft.typed.slice(0, -1) } };
    case 'Escape':
      return { handled: true, draft: bookmakerDraftOf(runners, i) };
    case 'Enter': {
      const rows = draft.rows.map((r, j) => (j === i ? current : r));
      const next = { ...draft, rows, typed: '' };
      return { handled: true, draft: next, send: { rates: bookmakerRatesBody(next) } };
    }
  }
  if (isDigit(e.key)) {
    const typed = typeDigit(draft.typed, e.key);
    // A rate is at least 1: a lone 0 is not typed.
    return { handled: true, draft: { ...draft, typed: typed === '0' ? '' : typed } };
  }
  return statusKey(draft, e.key, status);
}
