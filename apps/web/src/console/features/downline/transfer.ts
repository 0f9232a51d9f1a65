import { paiseToRupees, roundToPaise } from '@exchange/engine';
import { formatAmount } from '@/lib/format';

export type TransferDirection = 'deposit' | 'withdraw';

/** A side of a chips transfer as the screen knows it before the call. */
export interface Account {
  balance: number;
  available: number;
}

/** Open bets hold part of the balance: the available is less than the balance (its exposure). */
const heldByBets = (account: Account) => roundToPaise(account.available) < roundToPaise(account.balance);

export interface TransferPreview {
  user: { before: number; after: number };
  agent: { before: number; after: number };
  /** Why the server would refuse it (not enough available on the giving side); null: it can go. */
  problem: string | null;
}

/**
 * What a chips transfer would do to both balances (ADR 32): a deposit moves chips from the agent
 * to the user, a withdraw back; the giving side needs the amount in its available balance (its
 * balance less what open bets hold). Worked in paise, so 0.1 + 0.2 is 0.30.
 */
export function transferPreview(
  direction: TransferDirection,
  amount: number,
  user: Account & { user_name: string },
  agent: Account,
): TransferPreview {
  const moved = roundToPaise(amount) * (direction === 'deposit' ? 1 : -1);
  const [userBefore, agentBefore] = [roundToPaise(user.balance), roundToPaise(agent.balance)];
  const giver = direction === 'deposit' ? agent : user;
  const problem =
    roundToPaise(amount) > roundToPaise(giver.available)
      ? direction === 'deposit'
        ? `You have only ${formatAmount(agent.available)} available`
        : `${user.user_name} has only ${formatAmount(user.available)} available${heldByBets(user) ? ' (open bets hold the rest)' : ''}`
      : null;
  return {
    user: { before: paiseToRupees(userBefore), after: paiseToRupees(userBefore + moved) },
    agent: { before: paiseToRupees(agentBefore), after: paiseToRupees(agentBefore - moved) },
    problem,
  };
}
