// The player's side of the table: the chip tray, a tap on a spot placing the chosen chip there,
// the chips stacked on the spots, and Undo / Clear / Repeat / Double.
import type { CancelBetsAnswer, MineView, MyBetView, SessionView, TableView } from '../types.ts';
import { srText } from '../felt/contract.ts';
import { $, chipText, h, money } from './dom.ts';

export const DEFAULT_CHIPS = [100, 500, 1000, 5000, 10000, 25000].map((v) => ({ label: chipText(v), value: v }));

/** A bet on the table this round: the chips that sit on its spot. */
interface Placed {
  betId: string;
  roundId: string;
  option: string;
  stake: number;
}

export interface BetsHost {
  view(): TableView | null;
  session(): SessionView | null;
  api<T>(path: string, body: unknown): Promise<T>;
  message(text: string, error?: boolean): void;
  balance(rupees: number): void;
}

type BetAnswer = { status: string; message?: string; betId?: string; balance?: number };

const STANDING: MyBetView['state'][] = ['accepted', 'settled'];
const BUBBLE_MS = 3000;

export class Bets {
  private chip = DEFAULT_CHIPS[0]!.value;
  private mine: MineView | null = null;
  /** Bets this page placed, in order, kept until the `mine` events list them. */
  private readonly placed: Placed[] = [];
  /** Bets taken back whose `mine` event has not come yet. */
  private readonly cancelled = new Set<string>();
  /** Chips on their way to a spot (the bet not answered yet), by option. */
  private readonly pending = new Map<string, number>();
  private busy = false;

  constructor(private readonly host: BetsHost) {
    $('undo').addEventListener('click', () => void this.undo());
    $('clear').addEventListener('click', () => void this.clear());
    $('repeat').addEventListener('click', () => void this.repeat());
    $('double').addEventListener('click', () => void this.double());
  }

  /** The chip tray: the session's Casino buttons, else the defaults; the first chosen. */
  chips(buttons: { label: string; value: number }[]): void {
    const tray = $('chips');
    tray.replaceChildren();
    this.chip = buttons[0]!.value;
    buttons.forEach((b, i) => {
      // Named by what it shows, the stake in full for a listener (a chip may read '1k').
      const el = h('button', { class: `chip chip-${i % 6}`, type: 'button', 'data-value': String(b.value), 'aria-pressed': 'false' }, b.label, srText(` chip, stake ${money(b.value)}`));
      el.addEventListener('click', () => {
        this.chip = b.value;
        for (const c of tray.querySelectorAll('.chip')) {
          c.classList.toggle('selected', c === el);
          c.setAttribute('aria-pressed', String(c === el));
        }
      });
      tray.append(el);
    });
    const first = tray.querySelector('.chip');
    first?.classList.add('selected');
    first?.setAttribute('aria-pressed', 'true');
  }

  setMine(mine: MineView): void {
    this.mine = mine;
    if (typeof mine.balance === 'number') this.host.balance(mine.balance);
    const listed = new Set(mine.myBets.map((b) => b.betId));
    for (let i = this.placed.length - 1; i >= 0; i--) if (listed.has(this.placed[i]!.betId)) this.placed.splice(i, 1);
    for (const b of mine.myBets) if (b.state === 'cancelled') this.cancelled.delete(b.betId);
  }

  /** The bets standing on the current round, in the order they were placed. */
  private standing(): Placed[] {
    const view = this.host.view();
    if (!view) return [];
    const roundId = view.round.roundId;
    const fromMine = (this.mine?.myBets ?? []).filter((b) => b.roundId === roundId && STANDING.includes(b.state)).map(({ betId, option, stake }) => ({ betId, roundId, option, stake }));
    const local = this.placed.filter((p) => p.roundId === roundId);
    return [...fromMine, ...local].filter((b) => !this.cancelled.has(b.betId));
  }

  /** The last finished round's bets (what Repeat places again). */
  private lastRound(): Placed[] {
    const roundId = this.host.view()?.round.roundId;
    return (this.mine?.myBets ?? []).filter((b) => b.roundId !== roundId && STANDING.includes(b.state)).map(({ betId, roundId: r, option, stake }) => ({ betId, roundId: r, option, stake }));
  }

  /** A tap on a spot: the chosen chip goes there at once, and the bet to the provider. */
  async tap(spotEl: HTMLElement): Promise<void> {
    const option = spotEl.dataset.option;
    if (option) await this.place([{ option, stake: this.chip }]);
  }

  /** Places the bets one after another (a refusal stops the rest), then says what happened. */
  private async place(bets: { option: string; stake: number }[]): Promise<void> {
    const view = this.host.view();
    const session = this.host.session();
    if (!view) return;
    if (!session) return this.host.message('Open the game from the casino to bet.', true);
    if (view.round.phase !== 'betting') return this.host.message('Betting is closed: wait for the next round.', true);
    const roundId = view.round.roundId;
    this.busy = bets.length > 1;
    let accepted = 0;
    try {
      for (const b of bets) {
        const name = view.round.options.find((o) => o.key === b.option)?.name ?? b.option;
        this.pending.set(b.option, (this.pending.get(b.option) ?? 0) + b.stake);
        this.render();
        let res: BetAnswer;
        try {
          res = await this.host.api<BetAnswer>('/api/bet', { session: session.session, roundId, option: b.option, stake: b.stake });
        } catch {
          res = { status: 'ERROR', message: 'The bet did not reach the table: try again.' };
        }
        this.pending.set(b.option, (this.pending.get(b.option) ?? 0) - b.stake);
        if (res.status === 'OK') {
          accepted++;
          if (res.betId && !this.mine?.myBets.some((m) => m.betId === res.betId)) this.placed.push({ betId: res.betId, roundId, option: b.option, stake: b.stake });
          if (typeof res.balance === 'number') this.host.balance(res.balance);
          if (bets.length === 1) this.host.message(`Bet accepted: ${name} for ${money(b.stake)}`);
        } else {
          const why = res.message ?? 'The bet was not accepted';
          this.bubble(b.option, why);
          this.host.message(bets.length > 1 && accepted ? `${accepted} of ${bets.length} bets placed; ${name}: ${why}` : why, true);
          break;
        }
      }
      if (bets.length > 1 && accepted === bets.length) this.host.message(`${accepted} bets placed`);
    } finally {
      this.busy = false;
      this.render();
    }
  }

  /** A refusal, said on the spot itself for a few seconds. */
  private bubble(option: string, text: string): void {
    const b = document.querySelector<HTMLElement>(`#felt .spot[data-option="${CSS.escape(option)}"]`);
    if (!b) return;
    b.querySelector('.spot-bubble')?.remove();
    const el = h('span', { class: 'spot-bubble', 'aria-hidden': 'true' }, text);
    b.append(el);
    window.setTimeout(() => el.remove(), BUBBLE_MS);
  }

  private async cancel(ids: string[], what: string): Promise<void> {
    const session = this.host.session();
    if (!session || !ids.length) return;
    this.busy = true;
    this.render();
    try {
      const res = await this.host.api<CancelBetsAnswer | { status: string; message?: string }>('/api/bet/cancel', { session: session.session, betIds: ids });
      if (res.status === 'OK' && 'cancelled' in res) {
        for (const id of res.cancelled) this.cancelled.add(id);
        if (typeof res.balance === 'number') this.host.balance(res.balance);
        this.host.message(res.cancelled.length === ids.length ? what : `${res.cancelled.length} of ${ids.length} bets taken back`, res.cancelled.length !== ids.length);
      } else this.host.message(('message' in res && res.message) || 'The bets could not be taken back', true);
    } catch {
      this.host.message('The table did not answer: try again.', true);
    } finally {
      this.busy = false;
      this.render();
    }
  }

  private undo(): Promise<void> {
    const last = this.standing().at(-1);
    return last ? this.cancel([last.betId], 'Last bet taken back') : Promise.resolve();
  }

  private clear(): Promise<void> {
    return this.cancel(
      this.standing().map((b) => b.betId),
      'Bets taken back',
    );
  }

  private repeat(): Promise<void> {
    return this.place(this.lastRound().map(({ option, stake }) => ({ option, stake })));
  }

  private double(): Promise<void> {
    return this.place(this.standing().map(({ option, stake }) => ({ option, stake })));
  }

  /** The chips on the spots and the controls, from the bets as they stand. */
  render(): void {
    const view = this.host.view();
    const felt = document.getElementById('felt');
    const betting = view?.round.phase === 'betting';
    const standing = this.standing();
    if (felt) {
      const totals = new Map<string, number>();
      for (const b of standing) totals.set(b.option, (totals.get(b.option) ?? 0) + b.stake);
      for (const s of felt.querySelectorAll<HTMLButtonElement>('.spot')) {
        const key = s.dataset.option ?? '';
        const total = totals.get(key) ?? 0;
        stack(s, 'spot-stack', total);
        // Screen readers hear the chips on a spot with its name and payout.
        if (total) s.setAttribute('aria-description', `your chips ${money(total)}`);
        else s.removeAttribute('aria-description');
        stack(s, 'spot-pending', Math.max(0, this.pending.get(key) ?? 0));
        s.disabled = !betting;
      }
    }
    const can = betting && !!this.host.session() && !this.busy;
    ($('undo') as HTMLButtonElement).disabled = !can || !standing.length;
    ($('clear') as HTMLButtonElement).disabled = !can || !standing.length;
    ($('double') as HTMLButtonElement).disabled = !can || !standing.length;
    ($('repeat') as HTMLButtonElement).disabled = !can || standing.length > 0 || !this.lastRound().length;
  }
}

/** A chip graphic on a spot showing `total` rupees (none when 0); changed only when the total does. */
function stack(spotEl: HTMLElement, className: string, total: number): void {
  let el = spotEl.querySelector<HTMLElement>(`:scope > .${className}`);
  if (!total) {
    el?.remove();
    return;
  }
  if (el?.dataset.total === String(total)) return;
  if (!el) {
    el = h('span', { class: className, 'aria-hidden': 'true' });
    spotEl.append(el);
  }
  el.dataset.total = String(total);
  el.textContent = chipText(total);
}
