// The game page's script (bundled by esbuild, no dependencies; issue 26): the table pushed live
// (live.ts), drawn on its game's felt (felt/), the cards dealt (deal/), the chips and bets
// (shell/bets.ts), the countdown, the result with the player's win or loss, the road of past
// results (roads/), the player's bets, the fairness proof and the in-browser verification.
import type { CasinoRoundResult } from '@exchange/contracts';
import { renderDeal } from './deal/index.ts';
import { feltFor, feltKey, markResult } from './felt/index.ts';
import { connectTable } from './live.ts';
import { renderRoad } from './roads/index.ts';
import { Bets, DEFAULT_CHIPS } from './shell/bets.ts';
import { $, h, money } from './shell/dom.ts';
import type { MineView, MyBetView, SessionView, TableView } from './types.ts';
import { verifyRound } from './verify.ts';

const root = $('game');
const gameCode = root.dataset.code!;
const lt = new URLSearchParams(location.search).get('lt') ?? '';

let session: SessionView | null = null;
let view: TableView | null = null;
let mine: MineView | null = null;
/** Server clock minus ours, from the last table event. */
let clockOffset = 0;
const serverNow = () => Date.now() + clockOffset;

// --- talking to the provider -------------------------------------------------------------------

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

let messageTimer: number | undefined;
function showMessage(text: string, error = false): void {
  const el = $('message');
  el.textContent = text;
  el.className = `message ${error ? 'error' : 'ok'}`;
  window.clearTimeout(messageTimer);
  // A refusal stays long enough to read; a confirmation clears sooner, off the felt.
  messageTimer = window.setTimeout(() => (el.textContent = ''), error ? 4000 : 2500);
}

/** How many times a balance was shown: a balance retry stops once a newer one came another way. */
let balancesShown = 0;
const setBalance = (rupees: number) => {
  balancesShown += 1;
  $('balance').textContent = money(rupees);
};

const bets = new Bets({
  view: () => view,
  session: () => session,
  api: (path, body) => api(path, { method: 'POST', body: JSON.stringify(body) }),
  message: showMessage,
  balance: setBalance,
});

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
  bets.chips(session?.buttons.length ? session.buttons : DEFAULT_CHIPS);
  if (session) {
    $('user').textContent = session.userName;
    void refreshBalance();
  }
}

/**
 * The wallet's balance asked directly: at the start, and when a `mine` event does not carry it. A
 * call the wallet did not answer (the platform busy past the provider's 5 s, a 502) is asked again,
 * 1, 2, 4 then every 8 s, until one is answered or a balance comes another way: with no retry the
 * page showed "–" until the player's first bet (seen on a loaded CI machine, 2026-12-02).
 */
let balanceRetry: number | undefined;
async function refreshBalance(attempt = 0): Promise<void> {
  if (!session) return;
  window.clearTimeout(balanceRetry);
  const shownBefore = balancesShown;
  let answered = false;
  try {
    const res = await api<{ status: string; balance?: number }>('/api/balance');
    if (res.status === 'OK' && typeof res.balance === 'number') {
      setBalance(res.balance);
      answered = true;
    }
  } catch {
    /* asked again below */
  }
  if (!answered && balancesShown === shownBefore) {
    balanceRetry = window.setTimeout(() => void refreshBalance(attempt + 1), Math.min(8000, 1000 * 2 ** attempt));
  }
}

// --- the table ---------------------------------------------------------------------------------

let feltShown = { key: '', el: null as HTMLElement | null };
let roundShown = '';

function onTable(v: TableView): void {
  clockOffset = v.serverNow - Date.now();
  view = v;
  const r = v.round;
  const newRound = r.roundId !== roundShown;
  roundShown = r.roundId;
  root.dataset.phase = r.phase;
  $('round-id').textContent = r.roundId;
  $('phase').textContent = r.phase === 'betting' ? 'Place your bets' : r.phase === 'dealing' ? 'No more bets' : 'Result';

  const key = feltKey(v);
  if (key !== feltShown.key || !feltShown.el) {
    const felt = feltFor(v.game.engine, v.game.category)(v);
    felt.id = 'felt';
    $('options').replaceChildren(felt);
    feltShown = { key, el: felt };
  }
  const felt = feltShown.el!;
  renderDeal(felt, v, serverNow());
  markResult(felt, v);
  bets.render();
  tickCountdown();
  renderBanner();
  renderRoad($('road'), v, (roundId) => void openRound(roundId));
  if (newRound) renderProof(v);
  if (mine) renderMyBets(mine.myBets, r.roundId);
}

/** Bets whose confirmed payout the balance shown already includes. */
const creditedBets = new Set<string>();

function onMine(m: MineView): void {
  mine = m;
  bets.setMine(m);
  bets.render();
  renderMyBets(m.myBets, view?.round.roundId ?? m.roundId);
  renderBanner();
  // A payout the platform confirmed shows in the balance at once when the event does not carry it.
  let credited = false;
  for (const b of m.myBets) {
    if (b.credited && !creditedBets.has(b.betId)) {
      creditedBets.add(b.betId);
      credited = true;
    }
  }
  if (credited && typeof m.balance !== 'number') void refreshBalance();
}

/** Text changed only when it differs: the banner is a live region, read out once per change. */
function setText(el: HTMLElement, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

/** The result: who won, and what this round's bets made (settled ones), until the next round opens. */
function renderBanner(): void {
  const banner = $('result-banner');
  const r = view?.round;
  if (!r || r.phase !== 'result' || !r.result) {
    banner.hidden = true;
    banner.removeAttribute('data-pnl');
    return;
  }
  banner.hidden = false;
  setText($('winner'), `Winner: ${r.result.winner}`);
  setText($('winner-detail'), r.result.description);
  const settled = (mine?.myBets ?? []).filter((b) => b.roundId === r.roundId && b.state === 'settled' && b.pnl !== undefined);
  const you = $('result-pnl');
  if (!settled.length) {
    setText(you, '');
    you.className = 'result-pnl';
    banner.removeAttribute('data-pnl');
    return;
  }
  const pnl = Math.round(settled.reduce((t, b) => t + b.pnl!, 0) * 100) / 100;
  banner.dataset.pnl = String(pnl);
  setText(you, pnl > 0 ? `You won ₹${money(pnl)}` : pnl < 0 ? `You lost ₹${money(-pnl)}` : 'Your stake is back');
  you.className = `result-pnl ${pnl > 0 ? 'profit' : pnl < 0 ? 'loss' : ''}`.trim();
}

/** The betting time of the round on the table, as first seen: the ring shows what is left of it. */
let bettingWindow = { roundId: '', ms: 0 };

/**
 * The seconds left to bet in a ring that empties (a timer, not a digit a player could take for a
 * card); hidden once betting closes.
 */
function tickCountdown(): void {
  if (!view) return;
  const r = view.round;
  const timer = $('timer');
  timer.hidden = r.phase !== 'betting';
  if (timer.hidden) return;
  const leftMs = Math.max(0, r.closesAt - serverNow());
  if (bettingWindow.roundId !== r.roundId) bettingWindow = { roundId: r.roundId, ms: Math.max(leftMs, r.closesAt - r.openedAt) };
  const left = Math.ceil(leftMs / 1000);
  const countdown = $('countdown');
  if (countdown.textContent !== String(left)) {
    countdown.textContent = String(left);
    countdown.setAttribute('aria-label', `${left} seconds left to bet`);
  }
  countdown.style.setProperty('--left', String(bettingWindow.ms > 0 ? leftMs / bettingWindow.ms : 0));
  countdown.classList.toggle('hurry', left <= 5);
}

// --- my bets, fairness -------------------------------------------------------------------------

function renderMyBets(list: MyBetView[], currentRoundId: string): void {
  const body = $('my-bets');
  const rows = list.map((b) =>
    h(
      'tr',
      { class: `${b.kind} ${b.state}`, 'data-bet-id': b.betId },
      h('td', {}, b.roundId === currentRoundId ? 'This round' : `#${b.roundId}`),
      h('td', {}, b.optionName),
      h('td', {}, String(b.odds)),
      h('td', {}, money(b.stake)),
      h('td', {}, b.state),
      h('td', { class: b.pnl === undefined ? '' : b.pnl >= 0 ? 'profit' : 'loss' }, b.pnl === undefined ? '' : money(b.pnl)),
    ),
  );
  body.replaceChildren(...(rows.length ? rows : [h('tr', {}, h('td', { colspan: '6', class: 'muted' }, 'No bets yet'))]));
  const done = list.filter((b) => b.pnl !== undefined);
  $('my-pnl').textContent = done.length ? `P&L: ${money(done.reduce((sum, b) => sum + b.pnl!, 0))}` : '';
}

function renderProof(v: TableView): void {
  const r = v.round;
  $('proof-current').replaceChildren(
    h('div', {}, h('span', { class: 'label' }, 'Round hash (SHA-256 of the server seed, published before betting): '), h('code', {}, r.hash)),
    h('div', {}, h('span', { class: 'label' }, 'Client seed: '), h('code', {}, r.clientSeed)),
    h('div', {}, h('span', { class: 'label' }, 'Chain terminal hash: '), h('code', {}, r.chainTerminalHash)),
  );
}

// --- a past round, and its verification --------------------------------------------------------

const SUIT: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** A card, die or pocket as the round dialog lists it. */
function cardEl(label: string, deck: string): HTMLElement {
  if (deck === 'dice') return h('span', { class: 'die', title: `die ${label}` }, label);
  if (deck === 'roulette') {
    const n = Number(label);
    const red = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(n);
    return h('span', { class: `pocket ${n === 0 ? 'green' : red ? 'red' : 'black'}` }, label);
  }
  const suit = label.slice(-1);
  return h('span', { class: `card ${suit === 'H' || suit === 'D' ? 'red' : 'black'}`, 'data-card': label, title: label }, h('b', {}, label.slice(0, -1)), h('i', {}, SUIT[suit] ?? suit));
}

/** The round of `roundId`: from the table's last results when there, else asked of the provider. */
async function openRound(roundId: string): Promise<void> {
  const known = view?.last.find((r) => r.roundId === roundId);
  if (known) return showRound(known);
  try {
    const res = await api<{ status: string; round?: CasinoRoundResult; message?: string }>(`/api/table/${gameCode}/round/${encodeURIComponent(roundId)}`);
    if (res.status === 'OK' && res.round) showRound(res.round);
    else showMessage(res.message ?? 'That round is no longer kept', true);
  } catch {
    showMessage('The round could not be loaded: try again.', true);
  }
}

function showRound(r: CasinoRoundResult): void {
  const dialog = $('round-dialog') as HTMLDialogElement;
  const out = h('div', { class: 'verify-out', id: 'verify-out', role: 'status' });
  const verify = h('button', { class: 'verify', type: 'button', id: 'verify-button' }, 'Verify');
  verify.addEventListener('click', async () => {
    out.textContent = 'Checking…';
    const rep = await verifyRound(r, (view?.game.chainLength ?? 0) + 1);
    const ok = rep.hashMatches && rep.cardsMatch && rep.chainLinks;
    out.className = `verify-out ${ok ? 'match' : 'mismatch'}`;
    out.replaceChildren(
      h('strong', {}, ok ? '✓ Match: the cards follow from the seeds' : '✗ Mismatch'),
      h('div', {}, `SHA-256(server seed) = round hash: ${rep.hashMatches ? 'yes' : 'NO'}`),
      h('div', {}, `Server seed hashes down to the chain's terminal hash: ${rep.chainLinks ? 'yes' : 'NO'}`),
      h('div', {}, `Cards recomputed in this browser: ${rep.recomputed.join(' ')} (${rep.cardsMatch ? 'same as dealt' : 'DIFFERENT'})`),
    );
  });
  const hands = h('div', { class: 'hands' }, ...r.hands.map((hand) => h('div', { class: 'hand', 'data-hand': hand.name }, h('div', { class: 'hand-name' }, hand.name), h('div', { class: 'hand-cards' }, ...hand.cards.map((c) => cardEl(c, r.proof.deck))))));
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

// --- start ---------------------------------------------------------------------------------------

$('options').addEventListener('click', (e) => {
  const spotEl = (e.target as Element).closest<HTMLElement>('.spot');
  if (spotEl) void bets.tap(spotEl);
});
$('result-details').addEventListener('click', () => {
  if (view) void openRound(view.round.roundId);
});
$('close-dialog').addEventListener('click', () => ($('round-dialog') as HTMLDialogElement).close());

void openSession().then(() => {
  connectTable({
    code: gameCode,
    ...(session ? { session: session.session } : {}),
    onTable,
    onMine,
    onStatus: (status) => {
      const el = $('live');
      el.dataset.status = status;
      el.textContent = status === 'live' ? 'Live' : 'Reconnecting…';
    },
  });
  window.setInterval(tickCountdown, 250);
});
