// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchData, NO_ANSWER_MESSAGE } from '@/lib/api';
import { formatAmount, formatDay, istYmdDaysAgo } from '@/lib/format';
import {
  callAsOnTestServer,
  newOnlineBettor,
  renderInApp,
  setWindowWidth,
  signedInOnTestServer,
  tokenOnTestServer,
} from '@/test/api-server';
import { DepositWithdrawPage } from './deposit-withdraw-page';
import { PaymentStatementPage } from './payment-statement-page';

/**
 * The payment pages on the real server, as a bettor of its own (made by agent1 with online
 * payments and 5,000 in chips, so no other test file's money meets it): a deposit with its
 * receipt image, sent once however often it is clicked; refusals in words, the page's own and
 * the server's; a withdrawal held at once; the payment statement's filters after agent1 decides.
 */
const CHIPS = 5000;
let agent: string;
signedInOnTestServer(async () => {
  agent = await tokenOnTestServer('agent1');
  return (await newOnlineBettor('payweb', CHIPS)).userName;
});
beforeAll(() => setWindowWidth(1280));

/** A 1×1 PNG, the receipt. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const pngFile = (name = 'receipt.png') =>
  new File([Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0))], name, { type: 'image/png' });
/** A UTR no other run has given: the server refuses one given twice. */
const UTR = `${Date.now()}`.padStart(12, '9').slice(-12);
/** Another one, for the deposit whose answer is lost. */
const RETRY_UTR = `${UTR.slice(0, 11)}${(Number(UTR.slice(-1)) + 1) % 10}`;
const today = istYmdDaysAgo(0);

const statement = () => fetchData('paymentGetPaymentStatement', { from_date: today, to_date: today });
const rowCells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((td) => td.textContent);
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const submit = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

async function openDeposit() {
  renderInApp(<DepositWithdrawPage />, '/setting/d-w');
  // agent1's UPI id from the demo seed, with its copy button.
  await screen.findByTestId('pay-to-upi-id');
}

describe('deposit', () => {
  it('checks the receipt when chosen: type and size, in words', async () => {
    await openDeposit();
    const input = screen.getByTestId('deposit-receipt-input');
    fireEvent.change(input, {
      target: { files: [new File(['%PDF-1.4'], 'slip.pdf', { type: 'application/pdf' })] },
    });
    expect(screen.getByTestId('deposit-receipt-error').textContent).toBe(
      'The receipt must be a PNG, JPEG or WebP image',
    );
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(screen.getByTestId('deposit-receipt-error').textContent).toBe('The receipt must be at most 5 MB');
    expect(screen.queryByTestId('deposit-receipt')).toBeNull();
  });

  it('asks for a deposit with a receipt once, however often it is clicked, and shows it pending', async () => {
    await openDeposit();
    // The chips add up: 1,000 then 500.
    fireEvent.click(screen.getByRole('button', { name: '+₹1,000' }));
    fireEvent.click(screen.getByRole('button', { name: '+₹500' }));
    expect((screen.getByTestId('deposit-amount') as HTMLInputElement).value).toBe('1500');
    type('deposit-utr', '12ab');
    submit('Submit Deposit Request');
    expect((await screen.findByTestId('deposit-utr-error')).textContent).toBe(
      'UTR must be 12 to 22 letters or digits',
    );

    type('deposit-utr', UTR);
    fireEvent.change(screen.getByTestId('deposit-receipt-input'), { target: { files: [pngFile()] } });
    expect((await screen.findByAltText('Receipt preview')).getAttribute('src')).toBe(
      `data:image/png;base64,${PNG_BASE64}`,
    );
    // Remove, then choose it again.
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByAltText('Receipt preview')).toBeNull();
    fireEvent.change(screen.getByTestId('deposit-receipt-input'), { target: { files: [pngFile()] } });
    await screen.findByAltText('Receipt preview');

    // A double click.
    submit('Submit Deposit Request');
    submit('Submit Deposit Request');
    const made = await screen.findByTestId('deposit-made', {}, { timeout: 10_000 });
    expect(made.textContent).toContain('Deposit request of 1500.00 sent.');
    const [date, ...cells] = rowCells(within(made).getByTestId('payment-row'));
    expect(date).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(cells).toEqual(['Deposit', 'UPI', '1500.00', `UTR ${UTR}`, 'Pending', '']);
    // The form is ready for the next one.
    expect((screen.getByTestId('deposit-amount') as HTMLInputElement).value).toBe('');
    expect(screen.queryByAltText('Receipt preview')).toBeNull();

    // One request, with the receipt as it was chosen.
    const rows = (await statement()).rows.filter((r) => r.utr === UTR);
    expect(rows.map((r) => [r.kind, r.method, r.amount, r.status, r.has_receipt])).toEqual([
      ['DEPOSIT', 'UPI', 1500, 'PENDING', true],
    ]);
    const receipt = await callAsOnTestServer(agent, 'agentGetPaymentReceipt', {
      request_id: rows[0]!.request_id,
    });
    expect(receipt.data_url).toBe(`data:image/png;base64,${PNG_BASE64}`);
  });

  it("shows the server's refusal in words: a UTR given before", async () => {
    await openDeposit();
    type('deposit-amount', '500');
    type('deposit-utr', UTR);
    submit('Submit Deposit Request');
    expect((await screen.findByTestId('deposit-error')).textContent).toBe(
      'This UTR was already given for another deposit',
    );
    expect(screen.queryByTestId('deposit-made')).toBeNull();
  });
  it('sends a request again with its client_ref when the answer was lost: one request', async () => {
    await openDeposit();
    type('deposit-amount', '300');
    type('deposit-utr', RETRY_UTR);
    // The request reaches the server; its answer is lost on the way back, as on a dropped line.
    const withAnswers = globalThis.fetch;
    let depositCalls = 0;
    globalThis.fetch = async (input, init) => {
      const answer = await withAnswers(input, init);
      if (String(input).endsWith('payment/deposit') && ++depositCalls === 1)
        throw new TypeError('Failed to fetch');
      return answer;
    };
    try {
      submit('Submit Deposit Request');
      expect((await screen.findByTestId('deposit-error')).textContent).toBe(
        `${NO_ANSWER_MESSAGE} Sending again will not make a second request.`,
      );
      submit('Submit Deposit Request');
      await screen.findByTestId('deposit-made');
    } finally {
      globalThis.fetch = withAnswers;
    }
    // Two calls with one client_ref: one request.
    expect(depositCalls).toBe(2);
    const rows = (await statement()).rows.filter((r) => r.utr === RETRY_UTR);
    expect(rows.map((r) => [r.amount, r.status])).toEqual([[300, 'PENDING']]);
  });
});

describe('withdraw', () => {
  it('refuses more than the available balance in words, then holds a withdrawal at once', async () => {
    const before = await fetchData('getUserBalance');
    expect(before.available_balance).toBe(CHIPS);
    renderInApp(<DepositWithdrawPage />, '/setting/d-w?tab=withdraw');
    await screen.findByTestId('withdraw-form');
    await waitFor(() =>
      expect(screen.getByTestId('withdraw-available').textContent).toBe(formatAmount(CHIPS)),
    );

    type('withdraw-amount', '5000.01');
    fireEvent.click(screen.getByTestId('withdraw-method-bank'));
    type('withdraw-account-name', 'Ravi Kumar');
    type('withdraw-account-number', '123456789012');
    type('withdraw-ifsc', 'hdfc0001234');
    submit('Submit Withdraw Request');
    expect((await screen.findByTestId('withdraw-amount-error')).textContent).toBe(
      'Amount must not be more than your available balance of 5000.00',
    );
    expect((await statement()).rows.filter((r) => r.kind === 'WITHDRAW')).toEqual([]);

    type('withdraw-amount', '1200');
    submit('Submit Withdraw Request');
    const made = await screen.findByTestId('withdraw-made', {}, { timeout: 10_000 });
    const [, ...cells] = rowCells(within(made).getByTestId('payment-row'));
    expect(cells).toEqual([
      'Withdraw',
      'Bank Transfer',
      '1200.00',
      '123456789012 / HDFC0001234',
      'Pending',
      '',
    ]);
    // Held at once: the balance shown (the header's, the same query) drops by the amount.
    expect(screen.getByTestId('withdraw-available').textContent).toBe('3800.00');
    expect((await fetchData('getUserBalance')).available_balance).toBe(3800);
  });

  it('prefills the account saved by the last withdrawal', async () => {
    renderInApp(<DepositWithdrawPage />, '/setting/d-w?tab=withdraw');
    await screen.findByTestId('withdraw-form');
    await waitFor(() =>
      expect((screen.getByTestId('withdraw-account-number') as HTMLInputElement).value).toBe('123456789012'),
    );
    expect((screen.getByTestId('withdraw-ifsc') as HTMLInputElement).value).toBe('HDFC0001234');
    expect((screen.getByTestId('withdraw-account-name') as HTMLInputElement).value).toBe('Ravi Kumar');
  });
});

describe('payment statement', () => {
  const shownRows = () => screen.queryAllByTestId('payment-row').map((tr) => rowCells(tr).slice(1));
  const filter = async (fields: Record<string, string>) => {
    for (const [testId, value] of Object.entries(fields)) type(testId, value);
    submit('Submit');
  };

  it('lists the requests newest first and filters them by type, status and day', async () => {
    const deposit = (await statement()).rows.find((r) => r.utr === UTR)!;
    await callAsOnTestServer(agent, 'agentDecidePaymentRequest', {
      request_id: deposit.request_id,
      approve: true,
      remark: 'Received, thank you',
    });

    renderInApp(<PaymentStatementPage />, '/report/payment-withdraw');
    const withdrawRow = ['Withdraw', 'Bank Transfer', '1200.00', '123456789012 / HDFC0001234', 'Pending', ''];
    const depositRow = ['Deposit', 'UPI', '1500.00', `UTR ${UTR}`, 'Approved', 'Received, thank you'];
    const retriedRow = ['Deposit', 'UPI', '300.00', `UTR ${RETRY_UTR}`, 'Pending', ''];
    await waitFor(() => expect(shownRows()).toEqual([withdrawRow, retriedRow, depositRow]));
    expect(screen.getByTestId('payment-statement-pager').textContent).toContain(
      'Showing 1 to 3 of 3 entries',
    );

    await filter({ 'payment-statement-kind': 'DEPOSIT' });
    await waitFor(() => expect(shownRows()).toEqual([retriedRow, depositRow]));
    await filter({ 'payment-statement-kind': '', 'payment-statement-status': 'PENDING' });
    await waitFor(() => expect(shownRows()).toEqual([withdrawRow, retriedRow]));
    await filter({ 'payment-statement-kind': 'DEPOSIT', 'payment-statement-status': 'REJECTED' });
    await waitFor(() => expect(screen.getByTestId('table-empty').textContent).toBe('No records found'));

    // Yesterday alone has none of them.
    const yesterday = formatDay(istYmdDaysAgo(1));
    await filter({
      'payment-statement-kind': '',
      'payment-statement-status': '',
      'payment-statement-from': yesterday,
      'payment-statement-to': yesterday,
    });
    await waitFor(() => expect(screen.getByTestId('table-empty').textContent).toBe('No records found'));
  });
});
