import { expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../services/demo-accounts.ts';
import { describeEachDatabase, type CallResult } from '../../test/databases.ts';

const WINDOW_MS = 15 * 60_000;
const RATE_LIMITED = 429;

/** How the 30 answers split: a 429 was refused before its password was looked at. */
const tally = (answers: CallResult[]) => ({
  checked: answers.filter((a) => a.statusCode !== RATE_LIMITED).length,
  loggedIn: answers.filter((a) => a.statusCode === 200).length,
});

describeEachDatabase('password guessing throttle (ADR 25)', (ctx) => {
  const login = (user_name: string, password: string, ip: string) => ctx().call('login', { user_name, password }, undefined, ip);

  it('checks at most 5 of 30 concurrent guesses from one address; the right 10th guess does not log in', async () => {
    const guesses = Array.from({ length: 30 }, (_, i) => (i === 9 ? DEMO_PASSWORD : `Wrong@${i}`));
    const answers = await Promise.all(guesses.map((password) => login('demo1', password, '10.8.0.1')));
    expect(tally(answers)).toEqual({ checked: 5, loggedIn: 0 });
    expect(answers[9]!.json).toMatchObject({ status: false, code: 'RATE_LIMITED' });
    expect((await login('demo1', DEMO_PASSWORD, '10.8.0.1')).statusCode).toBe(RATE_LIMITED);
    ctx().advanceClock(WINDOW_MS + 1);
    expect((await login('demo1', DEMO_PASSWORD, '10.8.0.1')).statusCode).toBe(200);
  });

  it('checks at most 5 of 30 concurrent guesses spread over 30 addresses', async () => {
    const guesses = Array.from({ length: 30 }, (_, i) => (i === 9 ? DEMO_PASSWORD : `Wrong@${i}`));
    const answers = await Promise.all(guesses.map((password, i) => login('demo3', password, `10.8.1.${i}`)));
    expect(tally(answers)).toEqual({ checked: 5, loggedIn: 0 });
    ctx().advanceClock(WINDOW_MS + 1);
  });

  it('throttles guesses of the current password at change-password like logins, 30 at once', async () => {
    const token = await ctx().login('agent1');
    const change = (master_password: string) =>
      ctx().call('changePassword', { master_password, new_password: 'Fresh@1234', confirm_password: 'Fresh@1234' }, token, '10.9.0.1');
    const guesses = Array.from({ length: 30 }, (_, i) => (i === 9 ? DEMO_PASSWORD : `Wrong@${i}`));
    const answers = await Promise.all(guesses.map(change));
    expect(tally(answers)).toEqual({ checked: 5, loggedIn: 0 });
    expect(answers.filter((a) => a.statusCode === 400).map((a) => a.json.code)).toEqual(Array(5).fill('WRONG_PASSWORD'));
    expect(answers[9]!.json).toEqual({ status: false, message: 'Too many failed password attempts. Try again later.', code: 'RATE_LIMITED' });
    // The same secret is guessed through login too: one budget for both.
    expect((await login('agent1', DEMO_PASSWORD, '10.9.0.2')).statusCode).toBe(RATE_LIMITED);
    ctx().advanceClock(WINDOW_MS + 1);
    expect((await change(DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await login('agent1', 'Fresh@1234', '10.9.0.2')).statusCode).toBe(200);
  });

  it('lets a user who has not failed log in from an address that failed 20 times, and still stops the guesser there', async () => {
    const office = '10.15.0.1';
    for (let i = 0; i < 20; i++) expect((await login(`ghost${i}`, 'Wrong@1', office)).statusCode).toBe(400);
    // Innocent colleagues behind the same address, with the right password.
    expect((await login('demo1', DEMO_PASSWORD, office)).statusCode).toBe(200);
    expect((await login('demo3', DEMO_PASSWORD, office)).statusCode).toBe(200);
    // The guesser: a name already tried is refused outright, a fresh name gets one guess only.
    expect((await login('ghost0', 'Wrong@2', office)).statusCode).toBe(RATE_LIMITED);
    expect((await login('admin', 'Wrong@1', office)).statusCode).toBe(400);
    expect((await login('admin', DEMO_PASSWORD, office)).statusCode).toBe(RATE_LIMITED);
    // Elsewhere that name is throttled only by its own failures.
    expect((await login('admin', DEMO_PASSWORD, '10.15.0.2')).statusCode).toBe(200);
  });
});
