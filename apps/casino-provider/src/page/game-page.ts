// The game page's script (bundled by esbuild, no dependencies): polls the table state every
// 500 ms, draws the cards, takes bets, shows the player's bets and P&L, the last 10 results and
// the fairness proof, and verifies a round in the browser.
import type { CasinoRoundResult } from '@exchange/contracts';
import { resultBadge } from '@exchange/contracts/casino-results';
import type { MyBetView, SessionView, TableStateView } from './types.ts';
import { verifyRound } from './verify.ts';

const POLL_MS = 500;
const DEFAULT_CHIPS = [100, 500, 1000, 5000, 10000, 25000].map((v) => ({ label: v >= 1000 ? `${v / 1000}k` : String(v), value: v }));

const root = document.getElementById('game')!;
const gameCode = root.dataset.code!;
const params = new URLSearchParams(location.search);
const lt = params.get('lt') ?? '';

type Child = Node | string | null | undefined | false;
function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}
const $ = (id: string) => document.getElementById(id)!;
const money = (n: number) => n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

let session: SessionView | null = null;
let chip = DEFAULT_CHIPS[0]!.value;
let clockOffset = 0;
let state: TableStateView | null = null;
let lastRendered = '';
/** The round and the number of its cards on the table now. */
let shown = { roundId: '', cards: 0 };

// --- cards -----------------------------------------------------------------------------------

const SUIT: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
function cardEl(label: string, deck: string): HTMLElement {
  if (deck === 'dice') return h('span', { class: 'die', title: `die ${label}` }, label);
  if (deck === 'roulette') {
    const n = Number(label);
    const red = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(n);
    return h('span', { class: `pocket ${n === 0 ? 'green' : red ? 'red' : 'black'}` }, label);
  }
  const suit = label.slice(-1);
  const rank = label.slice(0, -1);
  return h('span', { class: `card ${suit === 'H' || suit === 'D' ? 'red' : 'black'}`, 'data-card': label, title: label }, h('b', {}, rank), h('i', {}, SUIT[suit] ?? suit));
}

/**
 * Adds cards to a hands element, each to its hand (a new hand after the others). The cards already
 * there stay as they are, so only a newly dealt card plays the deal animation.
 */
function addToHands(wrap: HTMLElement, cards: { to: string; card: string }[], deck: string): void {
  for (const c of cards) {
    let hand = [...wrap.querySelectorAll<HTMLElement>('.hand')].find((el) => el.dataset.hand === c.to);
    if (!hand) {
      hand = h('div', { class: 'hand', 'data-hand': c.to }, h('div', { class: 'hand-name' }, c.to), h('div', { class: 'hand-cards' }));
      wrap.append(hand);
    }
    hand.querySelector('.hand-cards')!.append(cardEl(c.card, deck));
  }
}

/** The cards grouped by the hand they were dealt to, hands in order of their first card. */
function handsEl(cards: { to: string; card: string }[], deck: string): HTMLElement {
  const wrap = h('div', { class: 'hands' });
  addToHands(wrap, cards, deck);
  return wrap;
}

// --- session, balance ------------------------------------------------------------------------

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (session) headers['x-session'] = session.session;
  const res = await fetch(path, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) }, cache: 'no-store' });
  return (await res.json()) as T;
}

/** sessionStorage, when the browser allows it in this frame (a cross-site iframe may have none). */
function stored(key: string, value?: string): string | null {
  try {
    if (value !== undefined) sessionStorage.setItem(key, value);
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

async function openSession(): Promise<void> {
  const key = `casino-session:${lt}`;
  const saved = stored(key);
  if (saved) {
    session = JSON.parse(saved) as SessionView;
  } else if (lt) {
    const res = await api<SessionView | { status: string; message: string }>('/api/session', { method: 'POST', body: JSON.stringify({ lt, gameCode }) });
    if (res.status === 'OK') {
      session = res as SessionView;
      stored(key, JSON.stringify(session));
    } else {
      showMessage((res as { message: string }).message, true);
    }
  } else {
    showMessage('Watching only: open the game from the casino to bet.', true);
  }
  if (session) {
    $('user').textContent = session.userName;
    renderChips(session.buttons.length ? session.buttons : DEFAULT_CHIPS);
    void refreshBalance();
  } else {
    renderChips(DEFAULT_CHIPS);
  }
}

async function refreshBalance(): Promise<void> {
  if (!session) return;
  try {
    const res = await api<{ status: string; balance?: number }>('/api/balance');
    if (res.status === 'OK' && typeof res.balance === 'number') $('balance').textContent = money(res.balance);
  } catch {
    /* the next poll tries again */
  }
}

function renderChips(buttons: { label: string; value: number }[]): void {
  const bar = $('chips');
  bar.replaceChildren();
  chip = buttons[0]!.value;
  for (const b of buttons) {
    const el = h('button', { class: 'chip', type: 'button', 'data-value': String(b.value), title: `Stake ${b.value}` }, b.label);
    el.addEventListener('click', () => {
      chip = b.value;
      for (const c of bar.querySelectorAll('.chip')) c.classList.toggle('selected', c === el);
    });
    bar.append(el);
  }
  bar.querySelector('.chip')?.classList.add('selected');
}

let messageTimer: number | undefined;
function showMessage(text: string, error = false): void {
  const el = $('message');
  el.textContent = text;
  el.className = `message ${error ? 'error' : 'ok'}`;
  window.clearTimeout(messageTimer);
  messageTimer = window.setTimeout(() => (el.textContent = ''), 4000);
}

async function placeBet(option: string, name: string): Promise<void> {
  if (!state) return;
  if (!session) return showMessage('Open the game from the casino to bet.', true);
  const res = await api<{ status: string; message?: string; balance?: number }>('/api/bet', { method: 'POST', body: JSON.stringify({ session: session.session, roundId: state.round.roundId, option, stake: chip }) });
  if (res.status === 'OK') {
    showMessage(`Bet accepted: ${name} for ${money(chip)}`);
    if (typeof res.balance === 'number') $('balance').textContent = money(res.balance);
  } else showMessage(res.message ?? 'The bet was not accepted', true);
  void poll();
}

// --- rendering -------------------------------------------------------------------------------

function render(s: TableStateView): void {
  const r = s.round;
  $('round-id').textContent = r.roundId;
  const phaseLabel = r.phase === 'betting' ? 'Place your bets' : r.phase === 'dealing' ? 'Dealing' : 'Result';
  $('phase').textContent = phaseLabel;
  root.dataset.phase = r.phase;
  tickCountdown();

  // table cards: a new round starts afresh; a newly revealed card is added to what is shown, so
  // the cards already on the table do not flash again at every card and at the result.
  const table = $('table-cards');
  if (r.roundId !== shown.roundId || r.cards.length < shown.cards) {
    table.replaceChildren(r.cards.length ? handsEl(r.cards, s.game.deck) : h('p', { class: 'muted' }, 'The cards are dealt when betting closes.'));
  } else if (r.cards.length > shown.cards) {
    let hands = table.querySelector<HTMLElement>('.hands');
    if (!hands) {
      hands = h('div', { class: 'hands' });
      table.replaceChildren(hands);
    }
    addToHands(hands, r.cards.slice(shown.cards), s.game.deck);
  }
  shown = { roundId: r.roundId, cards: r.cards.length };

  const key = `${r.roundId}|${r.cards.length}|${r.phase}`;
  if (key !== lastRendered) {
    lastRendered = key;
    for (const hand of table.querySelectorAll<HTMLElement>('.hand')) hand.classList.toggle('won', r.result?.winner === hand.dataset.hand);
    $('winner').textContent = r.result ? `Winner: ${r.result.winner}` : '';
    $('winner-detail').textContent = r.result ? r.result.description : '';
    renderOptions(s);
    renderProof(s);
  }
  renderMyBets(s.myBets, r.roundId);
  renderLast(s.last, s);
}

function renderOptions(s: TableStateView): void {
  const box = $('options');
  box.replaceChildren();
  const groups = new Map<string, TableStateView['round']['options']>();
  for (const o of s.round.options) groups.set(o.group, [...(groups.get(o.group) ?? []), o]);
  const open = s.round.phase === 'betting';
  for (const [group, list] of groups) {
    const many = list.length > 16;
    const grid = h('div', { class: `option-grid${many ? ' dense' : ''}` });
    for (const o of list) {
      const btn = h('button', { class: `option ${o.kind}`, type: 'button', 'data-option': o.key }, h('span', { class: 'option-name' }, o.name), h('span', { class: 'odds' }, o.oddsText ?? String(o.odds)));
      if (!open) btn.setAttribute('disabled', '');
      btn.addEventListener('click', () => void placeBet(o.key, o.name));
      grid.append(btn);
    }
    const section = many ? h('details', {}, h('summary', {}, `${group} (${list.length})`), grid) : h('div', {}, h('h3', {}, group), grid);
    box.append(section);
  }
}

function renderMyBets(bets: MyBetView[], currentRoundId: string): void {
  const body = $('my-bets');
  const rows = bets.map((b) =>
    h(
      'tr',
      { class: b.kind },
      h('td', {}, b.roundId === currentRoundId ? 'This round' : `#${b.roundId}`),
      h('td', {}, b.optionName),
      h('td', {}, String(b.odds)),
      h('td', {}, money(b.stake)),
      h('td', {}, b.state),
      h('td', { class: b.pnl === undefined ? '' : b.pnl >= 0 ? 'profit' : 'loss' }, b.pnl === undefined ? '' : money(b.pnl)),
    ),
  );
  body.replaceChildren(...(rows.length ? rows : [h('tr', {}, h('td', { colspan: '6', class: 'muted' }, 'No bets on this round'))]));
  const current = bets.filter((b) => b.roundId !== currentRoundId || b.pnl !== undefined);
  const pnl = current.reduce((sum, b) => sum + (b.pnl ?? 0), 0);
  $('my-pnl').textContent = current.some((b) => b.pnl !== undefined) ? `P&L: ${money(pnl)}` : '';
}

let lastKey = '';
function renderLast(last: CasinoRoundResult[], s: TableStateView): void {
  const key = last.map((r) => r.roundId).join();
  if (key === lastKey) return;
  lastKey = key;
  const box = $('last-results');
  box.replaceChildren(
    ...last.map((r) => {
      const b = h('button', { class: 'result-chip', type: 'button', title: `Round ${r.roundId}: ${r.winner}`, 'data-round': r.roundId }, resultBadge(r.winner));
      b.addEventListener('click', () => showRound(r, s));
      return b;
    }),
  );
}

function renderProof(s: TableStateView): void {
  const r = s.round;
  $('proof-current').replaceChildren(
    h('div', {}, h('span', { class: 'label' }, 'Round hash (SHA-256 of the server seed, published before betting): '), h('code', {}, r.hash)),
    h('div', {}, h('span', { class: 'label' }, 'Client seed: '), h('code', {}, r.clientSeed)),
    h('div', {}, h('span', { class: 'label' }, 'Chain terminal hash: '), h('code', {}, r.chainTerminalHash)),
  );
}

function showRound(r: CasinoRoundResult, s: TableStateView): void {
  const dialog = $('round-dialog') as HTMLDialogElement;
  const out = h('div', { class: 'verify-out', id: 'verify-out' });
  const verify = h('button', { class: 'verify', type: 'button', id: 'verify-button' }, 'Verify');
  verify.addEventListener('click', async () => {
    out.textContent = 'Checking…';
    const rep = await verifyRound(r, s.game.chainLength + 1);
    const ok = rep.hashMatches && rep.cardsMatch && rep.chainLinks;
    out.className = `verify-out ${ok ? 'match' : 'mismatch'}`;
    out.replaceChildren(
      h('strong', {}, ok ? '✓ Match: the cards follow from the seeds' : '✗ Mismatch'),
      h('div', {}, `SHA-256(server seed) = round hash: ${rep.hashMatches ? 'yes' : 'NO'}`),
      h('div', {}, `Server seed hashes down to the chain's terminal hash: ${rep.chainLinks ? 'yes' : 'NO'}`),
      h('div', {}, `Cards recomputed in this browser: ${rep.recomputed.join(' ')} (${rep.cardsMatch ? 'same as dealt' : 'DIFFERENT'})`),
    );
  });
  const hands = handsEl(
    r.hands.flatMap((hand) => hand.cards.map((card) => ({ to: hand.name, card }))),
    r.proof.deck,
  );
  $('round-dialog-body').replaceChildren(
    h('h2', {}, `Round ${r.roundId}`),
    h('p', { class: 'winner' }, `Winner: ${r.winner}`),
    hands,
    h('p', { class: 'muted' }, r.description),
    h('p', {}, 'Cards in deal order: ', h('code', { id: 'dealt-cards' }, r.cards.join(' '))),
    h(
      'div',
      { class: 'proof' },
      h('div', {}, h('span', { class: 'label' }, 'Server seed: '), h('code', {}, r.proof.serverSeed)),
      h('div', {}, h('span', { class: 'label' }, 'Client seed: '), h('code', {}, r.proof.clientSeed)),
      h('div', {}, h('span', { class: 'label' }, 'Hash: '), h('code', {}, r.proof.hash)),
      h('div', {}, h('span', { class: 'label' }, 'Chain terminal hash: '), h('code', {}, r.proof.chainTerminalHash)),
      h('div', {}, h('span', { class: 'label' }, 'Deck / HMAC blocks: '), h('code', {}, `${r.proof.deck} / ${r.proof.cursors}`)),
    ),
    verify,
    out,
  );
  if (!dialog.open) dialog.showModal();
}

/** The betting time of the round on the table, as first seen: the ring shows what is left of it. */
let bettingWindow = { roundId: '', ms: 0 };

/**
 * The seconds left to bet in a ring that empties (a timer, not a digit a player could take for a
 * card), beside "Bets close in"; hidden once betting closes.
 */
function tickCountdown(): void {
  if (!state) return;
  const r = state.round;
  const timer = $('timer');
  timer.hidden = r.phase !== 'betting';
  if (timer.hidden) return;
  const leftMs = Math.max(0, r.closesAt - (Date.now() + clockOffset));
  if (bettingWindow.roundId !== r.roundId) bettingWindow = { roundId: r.roundId, ms: leftMs };
  const left = Math.ceil(leftMs / 1000);
  const countdown = $('countdown');
  countdown.textContent = String(left);
  countdown.setAttribute('aria-label', `${left} seconds left to bet`);
  countdown.style.setProperty('--left', String(bettingWindow.ms > 0 ? leftMs / bettingWindow.ms : 0));
}

// --- loop ------------------------------------------------------------------------------------

let inFlight = false;
/** Bets whose confirmed payout the balance shown already includes. */
const creditedBets = new Set<string>();
async function poll(): Promise<void> {
  if (inFlight) return;
  inFlight = true;
  try {
    const s = await api<TableStateView>(`/api/table/${gameCode}/state`);
    if (s.status === 'OK') {
      clockOffset = s.serverNow - Date.now();
      state = s;
      render(s);
      // The balance is asked again as soon as the platform has confirmed a payout of ours, so it
      // moves together with the bet's P&L instead of at the next 5 s refresh.
      let credited = false;
      for (const b of s.myBets) {
        if (b.credited && !creditedBets.has(b.betId)) {
          creditedBets.add(b.betId);
          credited = true;
        }
      }
      if (credited) void refreshBalance();
    }
  } catch {
    /* network blip: the next poll tries again */
  } finally {
    inFlight = false;
  }
}

$('close-dialog').addEventListener('click', () => ($('round-dialog') as HTMLDialogElement).close());
void openSession().then(() => {
  void poll();
  window.setInterval(() => void poll(), POLL_MS);
  window.setInterval(tickCountdown, 250);
  window.setInterval(() => void refreshBalance(), 5000);
});
