/**
 * The generator's balance polls: `GET /api/user/getUserBalance` with session i's token, sent to
 * process i % 2 (as a keep-alive connection would keep a client on one process), each answer
 * checked. Most sessions hold nothing, so their answer is always the same bytes and is compared
 * as bytes; a bettor's answer is handed to the bettors' check (bench/support/bettors.ts) while
 * they bet.
 */
import type { Balance } from '@exchange/contracts';
import type { Bettors } from './bettors.ts';
import type { Outgoing } from './open-loop.ts';
import { getRequest, type Answer, type ConnectionGroup } from './pipelined-http.ts';

const ZERO: Balance = { total_balance: 0, liability: 0, available_balance: 0 };

function balanceOf(answer: Answer): Balance | undefined {
  const json = JSON.parse(answer.body.toString()) as { status: boolean; data: Balance };
  return json.status ? json.data : undefined;
}

export class BalancePolls {
  private readonly requests: Buffer[];
  private zeroAnswer: Buffer | undefined;
  /** While true, the bettors' polls go to their check. */
  checkingBettors = false;
  /** Polls the servers refused 503 SERVER_BUSY (their poll bound, ADR 64), since the start. */
  busy = 0;

  /** Sessions 0..bettors.count-1 are the bettors'; the others hold nothing. */
  constructor(
    private readonly groups: ConnectionGroup[],
    token: (session: number) => string,
    sessions: number,
    private readonly bettors: Bettors,
  ) {
    this.requests = Array.from({ length: sessions }, (_, i) =>
      getRequest('/api/user/getUserBalance', token(i)),
    );
  }

  of(session: number): Outgoing {
    return {
      group: this.groups[session % this.groups.length]!,
      request: this.requests[session]!,
      check: (answer, sentAt, answeredAt) => {
        // Refused at once by a process at its poll bound (ADR 64): counted apart from wrong answers.
        if (answer.status === 503) this.busy++;
        if (answer.status !== 200) return false;
        if (session >= this.bettors.count) return this.isZero(answer.body);
        const balance = balanceOf(answer);
        if (!balance) return false;
        if (this.checkingBettors) this.bettors.notePoll(session, sentAt, answeredAt, balance);
        return true;
      },
    };
  }

  private isZero(body: Buffer): boolean {
    if (this.zeroAnswer?.equals(body)) return true;
    const balance = balanceOf({ status: 200, body });
    if (
      !balance ||
      balance.total_balance !== ZERO.total_balance ||
      balance.liability !== ZERO.liability ||
      balance.available_balance !== ZERO.available_balance
    )
      return false;
    this.zeroAnswer = Buffer.from(body);
    return true;
  }
}
