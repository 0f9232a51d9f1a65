/**
 * The betting burst beside the balance polls, and the check that every balance read is exact.
 *
 * Each bettor places exchange bets over HTTP, one at a time, on its own process (A or B by turn,
 * or all on one when asked), and reads its balance on the OTHER process as soon as the bet is acknowledged: that read must
 * show the bet (the acknowledgement carries the balance right after it). The bets rest and never
 * match (lays at 1.50, backs at 3.00), so a bettor's balance moves with its own bets only and the
 * acknowledgements say every value it may have.
 *
 * The bettors' sessions are also in the generator's rotation of polls: such a poll, written at
 * `sentAt` and answered at `answeredAt`, must show the balance of the last bet acknowledged before
 * `sentAt`, or of the one bet in flight meanwhile (placed before `answeredAt`). Those polls are
 * kept and checked once the bets have stopped.
 */
import type { Balance } from '@exchange/contracts';

interface Placed {
  sentAt: number;
  ackAt: number;
  balance: string;
}

interface Poll {
  bettor: number;
  sentAt: number;
  answeredAt: number;
  balance: string;
}

export interface BettorFigures {
  placed: number;
  refused: number;
  /** Bet acknowledgement time, p50 / p99, ms. */
  betP50: number;
  betP99: number;
  /** Reads on the other process right after an acknowledgement, and those that missed the bet. */
  readsAfterBet: number;
  readsAfterBetWrong: number;
  readsAfterBetFailed: number;
  /** For the reads that missed the bet: how long until a read showed it, longest, ms. */
  longestStaleMs: number;
  /** Polls of the rotation that fell on a bettor's session, and those that were not exact. */
  rotationPolls: number;
  rotationPollsWrong: number;
}

const SHAPES = [
  { selection_id: 1, is_back: 0, odds: 1.5 },
  { selection_id: 2, is_back: 1, odds: 3 },
  { selection_id: 2, is_back: 0, odds: 1.5 },
  { selection_id: 1, is_back: 1, odds: 3 },
];

/** A balance as one comparable string. */
export const balanceKey = (b: Balance) => `${b.total_balance}/${b.liability}/${b.available_balance}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Bettors {
  private readonly placed: Placed[][];
  private readonly polls: Poll[] = [];
  private readonly betTimes: number[] = [];
  private refused = 0;
  private readsAfterBet = 0;
  private readsAfterBetWrong = 0;
  private readsAfterBetFailed = 0;
  private longestStaleMs = 0;
  private running: Promise<void>[] = [];
  private stopping = false;

  /**
   * `tokens[j]` is bettor j's session; `funded` its balance before any bet; each one bets every
   * `intervalMs` (0: as soon as its last bet and read are answered) on `marketId`, or, given
   * several, bettor j on the j-th of them (by turn).
   */
  constructor(
    private readonly urls: string[],
    private readonly tokens: string[],
    private readonly marketId: number | readonly number[],
    private readonly intervalMs: number,
    funded: Balance,
  ) {
    this.placed = tokens.map(() => [{ sentAt: -Infinity, ackAt: -Infinity, balance: balanceKey(funded) }]);
  }

  get count(): number {
    return this.tokens.length;
  }

  /** Bettor j bets on process j % 2, or every one on process `betOn` when given, or bettor j on `betOn(j)`. */
  start(betOn?: number | ((j: number) => number)): void {
    this.stopping = false;
    this.running = this.tokens.map((_, j) =>
      this.bettor(j, typeof betOn === 'function' ? betOn(j) : (betOn ?? j % this.urls.length)),
    );
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.running);
  }

  /** Keeps a rotation poll of bettor j's session for the check. */
  notePoll(bettor: number, sentAt: number, answeredAt: number, balance: Balance): void {
    this.polls.push({ bettor, sentAt, answeredAt, balance: balanceKey(balance) });
  }

  /** The figures since the start; call after stop(). */
  figures(): BettorFigures {
    let wrong = 0;
    for (const poll of this.polls) if (!this.possible(poll)) wrong++;
    const times = [...this.betTimes].sort((x, y) => x - y);
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor((times.length * p) / 100))] ?? NaN;
    return {
      placed: this.betTimes.length,
      refused: this.refused,
      betP50: at(50),
      betP99: at(99),
      readsAfterBet: this.readsAfterBet,
      readsAfterBetWrong: this.readsAfterBetWrong,
      readsAfterBetFailed: this.readsAfterBetFailed,
      longestStaleMs: this.longestStaleMs,
      rotationPolls: this.polls.length,
      rotationPollsWrong: wrong,
    };
  }

  /** Whether a rotation poll shows a balance the bettor had while the poll was under way. */
  private possible(poll: Poll): boolean {
    const history = this.placed[poll.bettor]!;
    let last = 0;
    for (let k = 0; k < history.length && history[k]!.ackAt <= poll.sentAt; k++) last = k;
    const next = history[last + 1];
    return (
      history[last]!.balance === poll.balance ||
      (next !== undefined && next.sentAt < poll.answeredAt && next.balance === poll.balance)
    );
  }

  /** Reads again until the balance shows the bet (at most 2 s): how long after the acknowledgement it did. */
  private async untilShown(url: string, token: string, balance: string, ackAt: number): Promise<number> {
    while (performance.now() - ackAt < 2_000) {
      const read = await call<Balance>(url, 'user/getUserBalance', token);
      if (read && balanceKey(read) === balance) break;
      await sleep(2);
    }
    return performance.now() - ackAt;
  }

  private async bettor(j: number, betOn: number): Promise<void> {
    const token = this.tokens[j]!;
    const betUrl = this.urls[betOn]!;
    const readUrl = this.urls[(betOn + 1) % this.urls.length]!;
    // Spread the bettors' first bets over one interval, so the burst is steady rather than lock-step.
    await sleep((j * this.intervalMs) / this.tokens.length);
    for (let n = 0; !this.stopping; n++) {
      const began = performance.now();
      const sentAt = performance.now();
      const answer = await call<{ balance: Balance }>(betUrl, 'bet/placeMarketBet', token, {
        market_id:
          typeof this.marketId === 'number' ? this.marketId : this.marketId[j % this.marketId.length]!,
        stake: 100,
        ...SHAPES[(j + n) % SHAPES.length]!,
      });
      const ackAt = performance.now();
      if (!answer) this.refused++;
      else {
        this.betTimes.push(ackAt - sentAt);
        const balance = balanceKey(answer.balance);
        this.placed[j]!.push({ sentAt, ackAt, balance });
        const read = await call<Balance>(readUrl, 'user/getUserBalance', token);
        this.readsAfterBet++;
        if (!read) this.readsAfterBetFailed++;
        else if (balanceKey(read) !== balance) {
          this.readsAfterBetWrong++;
          this.longestStaleMs = Math.max(
            this.longestStaleMs,
            await this.untilShown(readUrl, token, balance, ackAt),
          );
        }
      }
      await sleep(Math.max(0, this.intervalMs - (performance.now() - began)));
    }
  }
}

/** An API call with the bettor's token: its data, or null when refused or failed. */
async function call<T>(baseUrl: string, path: string, token: string, body?: unknown): Promise<T | null> {
  try {
    const res = await fetch(`${baseUrl}/api/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { status: boolean; data: T };
    return json.status ? json.data : null;
  } catch {
    return null;
  }
}
