import { describe, expect, it } from 'vitest';
import { transferPreview } from './transfer';

const user = { user_name: 'demo1', balance: 1000.1, available: 600.2 };
const agent = { balance: 50_000, available: 45_000.5 };

describe('transferPreview', () => {
  it('a deposit takes from the agent and gives to the user, to the paisa', () => {
    expect(transferPreview('deposit', 0.2, user, agent)).toEqual({
      user: { before: 1000.1, after: 1000.3 },
      agent: { before: 50_000, after: 49_999.8 },
      problem: null,
    });
  });

  it('a withdraw takes from the user and gives back to the agent', () => {
    expect(transferPreview('withdraw', 600.2, user, agent)).toEqual({
      user: { before: 1000.1, after: 399.9 },
      agent: { before: 50_000, after: 50_600.2 },
      problem: null,
    });
  });

  it("refuses more than the giving side's available balance, in words", () => {
    expect(transferPreview('withdraw', 600.21, user, agent).problem).toBe(
      'demo1 has only 600.20 available (open bets hold the rest)',
    );
    expect(transferPreview('deposit', 45_000.51, user, agent).problem).toBe(
      'You have only 45000.50 available',
    );
    // The receiving side's balance does not limit it.
    expect(transferPreview('deposit', 45_000.5, user, agent).problem).toBeNull();
  });

  it('blames open bets only when they hold part of the balance', () => {
    const noBets = { user_name: 'audit1', balance: 5000, available: 5000 };
    expect(transferPreview('withdraw', 5000.01, noBets, agent).problem).toBe('audit1 has only 5000.00 available');
  });
});
