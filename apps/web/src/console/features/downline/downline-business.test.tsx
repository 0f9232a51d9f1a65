// @vitest-environment jsdom
import { endpoints, type DownlineRow } from '@exchange/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { renderInApp, setWindowWidth, signedInOnTestServer } from '@/test/api-server';
import { fakeCalls, refusal } from '@/test/fake-calls';
import { DownlinePage } from './downline-page';

/**
 * The downline's agents' business (ADR 48) as agent1, with the downline and the new calls answered
 * by fakes (their routes are being built): the money columns and an agent's partnership; the
 * credit reference, settlement and shares dialogs with what they confirm, what they send and the
 * server's refusals; the create form's Upline / Ours / Downline. The figures are the issue's
 * worked examples: 10 / 10 / 80 shares, a credit reference of 10,000 on a balance of 7,500.
 */
signedInOnTestServer('agent1');
beforeAll(() => setWindowWidth(1280));
// Each test's fakes answer afresh: nothing read under another test's fakes stays in the cache.
beforeEach(() => queryClient.clear());

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const text = (testId: string) => screen.getByTestId(testId).textContent;

const NO_TERMS = { partnership: null, match_commission: 0, session_commission: 0, casino_commission: 0 };
function downlineRow(row: Partial<DownlineRow> & Pick<DownlineRow, 'user_id' | 'user_name'>): DownlineRow {
  return {
    role: 'user',
    balance: 0,
    exposure: 0,
    available: 0,
    login_locked: false,
    bet_locked: false,
    last_login_at: null,
    credit_limit: 0,
    credit_reference: 0,
    client_pl: 0,
    terms: NO_TERMS,
    ...row,
  };
}
/** A bettor with the credit reference: 10,000 given, 2,500 lost. */
const BETTOR = downlineRow({
  user_id: 9101,
  user_name: 'bizbettor',
  balance: 7500,
  available: 7500,
  credit_limit: 10_000,
  credit_reference: 10_000,
  client_pl: -2500,
  terms: { ...NO_TERMS, match_commission: 2, session_commission: 1 },
});
/** An agent given 80 by a caller holding 90. */
const AGENT = downlineRow({
  user_id: 9102,
  user_name: 'bizagent',
  role: 'agent',
  balance: 1000,
  available: 1000,
  client_pl: 1000,
  downline_balance: 0,
  downline_exposure: 0,
  terms: { partnership: 80, match_commission: 0, session_commission: 0, casino_commission: 0 },
});

/** The downline page with these rows; console/getMe with the caller's own partnership when given. */
async function openDownline(fake: ReturnType<typeof fakeCalls>, ownPartnership?: number) {
  fake.answer(endpoints.agentGetDownline, (body) => ({
    parent_id: body.parent_id ?? 7,
    total: 2,
    page: 1,
    limit: body.limit,
    rows: [BETTOR, AGENT],
  }));
  if (ownPartnership !== undefined) {
    const me = await fetchData('consoleGetMe');
    fake.answer(endpoints.consoleGetMe, () => ({
      ...me,
      terms: { ...NO_TERMS, partnership: ownPartnership },
    }));
  }
  renderInApp(<DownlinePage />, '/downline');
  return screen.findByTestId(`downline-row-${BETTOR.user_name}`);
}

const cells = (row: HTMLElement) =>
  Object.fromEntries([...row.querySelectorAll('td')].map((td) => [td.dataset.label, td.textContent]));

describe('the downline columns', () => {
  it('show credit reference, balance, Client P/L signed, exposure, available and an agent’s partnership', async () => {
    const fake = fakeCalls();
    const bettor = await openDownline(fake);
    expect(cells(bettor)).toMatchObject({
      'Credit reference': '10000.00',
      Balance: '7500.00',
      'Client P/L (+ client won)': '-2500.00',
      Exposure: '0.00',
      Available: '7500.00',
      Partnership: '–',
    });
    expect(within(bettor).getByText('-2500.00').className).toContain('loss');
    const agent = screen.getByTestId(`downline-row-${AGENT.user_name}`);
    expect(cells(agent)).toMatchObject({ 'Client P/L (+ client won)': '+1000.00', Partnership: '80%' });
    expect(within(agent).getByText('+1000.00').className).toContain('profit');
  });
});

describe('credit reference', () => {
  it('confirms the old and the new with the P/L after, sends the figure and says what the server set', async () => {
    const fake = fakeCalls();
    fake.answer(endpoints.agentSetCreditReference, (body) => ({
      user_id: body.user_id,
      credit_reference: body.credit_reference,
      balance: 7500,
      client_pl: 7500 - body.credit_reference,
    }));
    fireEvent.click(within(await openDownline(fake)).getByTestId(`downline-credit-${BETTOR.user_name}`));
    expect((screen.getByTestId('credit-reference-amount') as HTMLInputElement).value).toBe('10000');

    type('credit-reference-amount', '-1');
    fireEvent.click(screen.getByTestId('credit-reference-dialog-submit'));
    expect((await screen.findByTestId('credit-reference-error')).textContent).toBe(
      'Credit reference must not be negative',
    );
    type('credit-reference-amount', '12000');
    fireEvent.click(screen.getByTestId('credit-reference-dialog-submit'));
    await screen.findByTestId('credit-reference-confirm');
    expect([text('credit-reference-before'), text('credit-reference-after')]).toEqual([
      '10000.00',
      '12000.00',
    ]);
    expect([text('credit-reference-balance-before'), text('credit-reference-balance-after')]).toEqual([
      '7500.00',
      '7500.00',
    ]);
    expect([text('credit-reference-pl-before'), text('credit-reference-pl-after')]).toEqual([
      '-2500.00',
      '-4500.00',
    ]);
    expect(fake.sent(endpoints.agentSetCreditReference)).toEqual([]);

    fireEvent.click(screen.getByTestId('credit-reference-confirm-confirm'));
    expect(
      await screen.findByText(`${BETTOR.user_name}: credit reference 12000.00, Client P/L -4500.00`),
    ).toBeTruthy();
    expect(fake.sent(endpoints.agentSetCreditReference)).toEqual([
      { user_id: BETTOR.user_id, credit_reference: 12_000 },
    ]);
    await waitFor(() => expect(screen.queryByTestId('credit-reference-confirm')).toBeNull());
  });

  it('shows the refusal and stays open for another try', async () => {
    const fake = fakeCalls();
    fake.answer(endpoints.agentSetCreditReference, () =>
      refusal(403, 'NOT_DIRECT_USER', 'The credit reference is set only for direct accounts'),
    );
    fireEvent.click(within(await openDownline(fake)).getByTestId(`downline-credit-${BETTOR.user_name}`));
    type('credit-reference-amount', '500');
    fireEvent.click(screen.getByTestId('credit-reference-dialog-submit'));
    fireEvent.click(await screen.findByTestId('credit-reference-confirm-confirm'));
    expect(await screen.findByText('The credit reference is set only for direct accounts')).toBeTruthy();
    expect(screen.getByTestId('credit-reference-confirm')).toBeTruthy();
  });
});

describe('settlement', () => {
  const ledgerOf = (owed: number) => ({
    parent_id: 7,
    parent_name: 'agent1',
    user_id: BETTOR.user_id,
    user_name: BETTOR.user_name,
    rows: [],
    owed_by_user: owed,
  });
  const recorded = (
    body: { user_id: number; amount: number; direction: 'RECEIVED' | 'PAID' },
    owed: number,
  ) => ({
    settlement_id: 1,
    user_id: body.user_id,
    direction: body.direction,
    amount: body.amount,
    remark: '',
    created_at: new Date().toISOString(),
    owed_by_user: owed,
    repeated: false,
  });

  it('confirms what is owed before and after the cash, then shows the server’s figure', async () => {
    const fake = fakeCalls();
    fake.answer(endpoints.agentGetSettlementLedger, () => ledgerOf(2500));
    fake.answer(endpoints.agentRecordSettlement, (body) => recorded(body, 0));
    fireEvent.click(within(await openDownline(fake)).getByTestId(`downline-settlement-${BETTOR.user_name}`));
    await waitFor(() => expect(text('settlement-owed-now')).toBe('bizbettor owes you 2500.00'));

    fireEvent.click(screen.getByTestId('settlement-continue'));
    expect((await screen.findByTestId('settlement-amount-error')).textContent).toBe('Enter the amount');
    type('settlement-amount', '2500');
    type('settlement-remark', 'cash at the office');
    fireEvent.click(screen.getByTestId('settlement-continue'));
    await screen.findByTestId('settlement-preview');
    expect(text('settlement-preview-amount')).toBe('2500.00');
    expect(text('settlement-owed-before')).toBe('bizbettor owes you 2500.00');
    expect(text('settlement-owed-after')).toBe('bizbettor and you are square');

    fireEvent.click(screen.getByTestId('settlement-confirm'));
    expect((await screen.findByTestId('settlement-done-owed')).textContent).toBe(
      'bizbettor and you are square',
    );
    const [sent] = fake.sent(endpoints.agentRecordSettlement);
    expect(sent).toMatchObject({
      user_id: BETTOR.user_id,
      direction: 'RECEIVED',
      amount: 2500,
      remark: 'cash at the office',
    });
    expect(sent!.client_ref).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sends again with the same client_ref when no answer came, and with a new one after a refusal', async () => {
    const fake = fakeCalls();
    const answers = [
      refusal(503, 'UNAVAILABLE', 'down'),
      refusal(400, 'VALIDATION_ERROR', 'Amount is too large'),
    ];
    fake.answer(endpoints.agentGetSettlementLedger, () => ledgerOf(-100));
    fake.answer(endpoints.agentRecordSettlement, (body) => answers.shift() ?? recorded(body, 200));
    fireEvent.click(within(await openDownline(fake)).getByTestId(`downline-settlement-${BETTOR.user_name}`));
    await waitFor(() => expect(text('settlement-owed-now')).toBe('You owe bizbettor 100.00'));
    fireEvent.click(screen.getByTestId('settlement-paid'));
    type('settlement-amount', '300');
    fireEvent.click(screen.getByTestId('settlement-continue'));
    await screen.findByTestId('settlement-preview');
    // Cash paid to the account adds to what it owes: it was owed 100, it has 300.
    expect(text('settlement-owed-after')).toBe('bizbettor owes you 200.00');

    fireEvent.click(screen.getByTestId('settlement-confirm'));
    expect(
      await screen.findByText('The server could not answer just now. Please try again in a moment.'),
    ).toBeTruthy();
    fireEvent.click(await screen.findByTestId('settlement-confirm'));
    expect(await screen.findByText('Amount is too large')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('settlement-confirm'));
    expect((await screen.findByTestId('settlement-done-owed')).textContent).toBe('bizbettor owes you 200.00');

    const refs = fake.sent(endpoints.agentRecordSettlement).map((b) => b.client_ref);
    expect(refs).toHaveLength(3);
    expect(refs[1]).toBe(refs[0]);
    expect(refs[2]).not.toBe(refs[1]);
    expect(fake.sent(endpoints.agentRecordSettlement)[2]).toMatchObject({
      direction: 'PAID',
      amount: 300,
    });
  });
});

describe('shares', () => {
  it('shows Upline / Ours / Downline, refuses more than the caller holds, and sends only what changed', async () => {
    const fake = fakeCalls();
    fake.answer(endpoints.agentSetAccountTerms, (body) => ({
      ...AGENT.terms,
      ...body,
      user_id: body.user_id,
      effective_at: new Date().toISOString(),
    }));
    await openDownline(fake, 90);
    fireEvent.click(screen.getByTestId(`downline-shares-${AGENT.user_name}`));
    await screen.findByTestId('shares-dialog');
    await waitFor(() => expect(text('share-upline')).toBe('10%'));
    expect([text('share-ours'), text('share-downline')]).toEqual(['10%', '80%']);

    type('shares-partnership', '95');
    expect([text('share-ours'), text('share-downline')]).toEqual(['-5%', '95%']);
    fireEvent.click(screen.getByTestId('shares-dialog-submit'));
    expect((await screen.findByTestId('shares-partnership-error')).textContent).toBe(
      'Partnership must be at most 90%, your own',
    );
    type('shares-partnership', '85.5');
    type('shares-match_commission', '2');
    type('shares-session_commission', '1.123');
    fireEvent.click(screen.getByTestId('shares-dialog-submit'));
    expect((await screen.findByTestId('shares-session_commission-error')).textContent).toBe(
      'Session commission has at most 2 decimals',
    );
    expect(text('share-ours')).toBe('4.5%');
    type('shares-session_commission', '1');
    fireEvent.click(screen.getByTestId('shares-dialog-submit'));
    await waitFor(() => expect(screen.queryByTestId('shares-dialog')).toBeNull());
    expect(fake.sent(endpoints.agentSetAccountTerms)).toEqual([
      { user_id: AGENT.user_id, partnership: 85.5, match_commission: 2, session_commission: 1 },
    ]);
  });

  it('shows a partnership refused by the server under its field; a bettor has no partnership to give', async () => {
    const fake = fakeCalls();
    fake.answer(endpoints.agentSetAccountTerms, () =>
      refusal(
        400,
        'PARTNERSHIP_BELOW_DOWNLINE',
        'Partnership must be at least 60, what bizagent gave its agents',
      ),
    );
    await openDownline(fake);
    fireEvent.click(screen.getByTestId(`downline-shares-${AGENT.user_name}`));
    await screen.findByTestId('shares-dialog');
    // Without the caller's own figure, only the Downline is known.
    expect(screen.queryByTestId('share-upline')).toBeNull();
    type('shares-partnership', '50');
    expect(text('share-downline')).toBe('50%');
    fireEvent.click(screen.getByTestId('shares-dialog-submit'));
    expect((await screen.findByTestId('shares-partnership-error')).textContent).toBe(
      'Partnership must be at least 60, what bizagent gave its agents',
    );
    fireEvent.click(screen.getByText('Cancel'));

    fireEvent.click(screen.getByTestId(`downline-shares-${BETTOR.user_name}`));
    await screen.findByTestId('shares-dialog');
    expect(screen.queryByTestId('shares-partnership')).toBeNull();
    expect((screen.getByTestId('shares-match_commission') as HTMLInputElement).value).toBe('2');
    fireEvent.click(screen.getByTestId('shares-dialog-submit'));
    expect((await screen.findByTestId('shares-error')).textContent).toBe(
      'Change a partnership or a commission first',
    );
    expect(fake.sent(endpoints.agentSetAccountTerms)).toHaveLength(1);
  });
});

describe('create user: partnership and commission', () => {
  const created = (body: { user_name: string; role: 'user' | 'agent' }) => ({
    user_id: 9200,
    user_name: body.user_name,
    role: body.role,
    parent_id: 7,
    is_change_password: '1' as const,
  });

  it('gives a sub-agent 80 of the caller’s 90 as 10 / 10 / 80 and sends the figures typed', async () => {
    const fake = fakeCalls();
    fake.answer(endpoints.agentCreateUser, created);
    await openDownline(fake, 90);
    fireEvent.click(screen.getByTestId('downline-create'));
    await screen.findByTestId('create-user-dialog');
    expect(screen.queryByTestId('create-user-partnership')).toBeNull();
    fireEvent.click(screen.getByTestId('create-user-role-agent'));
    await waitFor(() => expect(text('share-upline')).toBe('10%'));
    // Empty: the new agent keeps nothing yet.
    expect([text('share-ours'), text('share-downline')]).toEqual(['90%', '0%']);
    type('create-user-partnership', '80');
    expect([text('share-upline'), text('share-ours'), text('share-downline')]).toEqual(['10%', '10%', '80%']);

    type('create-user-name', 'bizmaster1');
    type('create-user-password', 'Start@1234');
    type('create-user-match_commission', '101');
    type('create-user-casino_commission', 'x');
    fireEvent.click(screen.getByTestId('create-user-submit'));
    expect((await screen.findByTestId('create-user-match_commission-error')).textContent).toBe(
      'Match commission must be at most 100',
    );
    expect(text('create-user-casino_commission-error')).toBe('Casino commission must be a number');
    type('create-user-match_commission', '2');
    type('create-user-session_commission', '1');
    type('create-user-casino_commission', '');
    type('create-user-partnership', '90.01');
    fireEvent.click(screen.getByTestId('create-user-submit'));
    expect((await screen.findByTestId('create-user-partnership-error')).textContent).toBe(
      'Partnership must be at most 90%, your own',
    );
    type('create-user-partnership', '80');
    fireEvent.click(screen.getByTestId('create-user-submit'));
    await waitFor(() => expect(screen.queryByTestId('create-user-dialog')).toBeNull());
    expect(fake.sent(endpoints.agentCreateUser)).toEqual([
      {
        user_name: 'bizmaster1',
        password: 'Start@1234',
        role: 'agent',
        online_payments: false,
        partnership: 80,
        match_commission: 2,
        session_commission: 1,
      },
    ]);
  });

  it('refuses more than the caller’s own figure before sending, shows the server’s bound; a bettor sends no partnership', async () => {
    const fake = fakeCalls();
    fake.answer(endpoints.agentCreateUser, (body) =>
      body.role === 'agent'
        ? refusal(400, 'PARTNERSHIP_TOO_HIGH', 'Partnership can be at most 60%: you cannot give more than you hold')
        : created(body),
    );
    // agent1's own 80% (the demo's figure), as the server's console/getMe gives it.
    await openDownline(fake);
    fireEvent.click(screen.getByTestId('downline-create'));
    await screen.findByTestId('create-user-dialog');
    type('create-user-name', 'bizmaster2');
    type('create-user-password', 'Start@1234');
    fireEvent.click(screen.getByTestId('create-user-role-agent'));
    type('create-user-partnership', '95');
    // More than agent1 holds: its part would be negative, and the form says why without asking the server.
    await waitFor(() => expect(text('share-upline')).toBe('20%'));
    expect([text('share-ours'), text('share-downline')]).toEqual(['-15%', '95%']);
    fireEvent.click(screen.getByTestId('create-user-submit'));
    expect((await screen.findByTestId('create-user-partnership-error')).textContent).toBe(
      'Partnership must be at most 80%, your own',
    );
    expect(fake.sent(endpoints.agentCreateUser)).toEqual([]);
    // Within it, the server's own bound (a change since the form opened) shows under the field.
    type('create-user-partnership', '70');
    expect([text('share-ours'), text('share-downline')]).toEqual(['10%', '70%']);
    fireEvent.click(screen.getByTestId('create-user-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('create-user-partnership-error').textContent).toBe(
        'Partnership can be at most 60%: you cannot give more than you hold',
      ),
    );

    // As a bettor the partnership typed is not sent: a bettor takes its agent's shares.
    fireEvent.click(screen.getByTestId('create-user-role-user'));
    type('create-user-session_commission', '1');
    fireEvent.click(screen.getByTestId('create-user-submit'));
    await waitFor(() => expect(screen.queryByTestId('create-user-dialog')).toBeNull());
    const [, bettor] = fake.sent(endpoints.agentCreateUser);
    expect(bettor).toEqual({
      user_name: 'bizmaster2',
      password: 'Start@1234',
      role: 'user',
      online_payments: false,
      session_commission: 1,
    });
  });
});
