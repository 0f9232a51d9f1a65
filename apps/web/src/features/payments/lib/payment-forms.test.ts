import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import {
  addQuickAmount,
  checkDeposit,
  checkWithdraw,
  parseRupees,
  payoutFields,
  quickAmounts,
  refusalText,
  type WithdrawForm,
} from './payment-forms';

const bounds = { min_amount: 100, max_amount: 1_000_000 };
const messages = (checked: { ok: boolean; issues?: { path: PropertyKey[]; message: string }[] }) =>
  Object.fromEntries((checked.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('the deposit form', () => {
  it('sends the amount in rupees, the method and the UTR in capitals', () => {
    expect(checkDeposit({ amount: '1,500.50', method: 'UPI', utr: ' 41234567890a ' }, bounds)).toEqual({
      ok: true,
      body: { amount: 1500.5, method: 'UPI', utr: '41234567890A' },
    });
  });

  it('says what is wrong with each field, with the contract words for the UTR', () => {
    expect(messages(checkDeposit({ amount: '', method: 'UPI', utr: '123' }, bounds))).toEqual({
      amount: 'Enter the amount',
      utr: 'UTR must be 12 to 22 letters or digits',
    });
    expect(messages(checkDeposit({ amount: '99.99', method: 'BANK', utr: '412345678901' }, bounds))).toEqual({
      amount: 'Amount must be at least 100',
    });
    expect(
      messages(checkDeposit({ amount: '1.234', method: 'BANK', utr: '412345678901' }, bounds)).amount,
    ).toBe('Amount must be a number with at most 2 decimals');
    expect(
      messages(
        checkDeposit(
          { amount: '600', method: 'BANK', utr: '412345678901' },
          { min_amount: 100, max_amount: 500 },
        ),
      ).amount,
    ).toBe('Amount must be at most 500');
  });
});

describe('the withdraw form', () => {
  const bank: WithdrawForm = {
    amount: '2500',
    method: 'BANK',
    account_name: 'Ravi Kumar',
    account_number: '123456789012',
    ifsc: 'hdfc0001234',
    upi_id: 'left@over',
  };

  it('sends the bank account for BANK and the UPI id for UPI, nothing of the other', () => {
    expect(checkWithdraw(bank, bounds, 5000)).toEqual({
      ok: true,
      body: {
        amount: 2500,
        method: 'BANK',
        account_name: 'Ravi Kumar',
        account_number: '123456789012',
        ifsc: 'HDFC0001234',
      },
    });
    expect(checkWithdraw({ ...bank, method: 'UPI', upi_id: 'ravi@okaxis' }, bounds, 5000)).toEqual({
      ok: true,
      body: { amount: 2500, method: 'UPI', account_name: 'Ravi Kumar', upi_id: 'ravi@okaxis' },
    });
  });

  it('refuses more than the available balance, in words', () => {
    expect(messages(checkWithdraw(bank, bounds, 2499.99))).toEqual({
      amount: 'Amount must not be more than your available balance of 2499.99',
    });
    expect(checkWithdraw(bank, bounds, 2500).ok).toBe(true);
  });

  it('asks for the fields the method needs', () => {
    expect(messages(checkWithdraw({ ...bank, account_number: '', ifsc: '' }, bounds, 5000))).toEqual({
      account_number: 'Bank withdrawals need the account number and IFSC',
    });
    expect(messages(checkWithdraw({ ...bank, ifsc: '' }, bounds, 5000))).toEqual({
      account_number: 'Bank withdrawals need the account number and IFSC',
      ifsc: 'Enter the IFSC',
    });
    expect(messages(checkWithdraw({ ...bank, ifsc: 'HDFC1234' }, bounds, 5000))).toEqual({
      ifsc: 'Enter a valid IFSC (e.g. HDFC0001234)',
    });
    expect(messages(checkWithdraw({ ...bank, method: 'UPI', upi_id: '' }, bounds, 5000))).toEqual({
      upi_id: 'UPI withdrawals need the UPI id',
    });
    expect(messages(checkWithdraw({ ...bank, account_name: ' ' }, bounds, 5000))).toEqual({
      account_name: 'Account holder name is required',
    });
  });

  it('prefills the saved account of the chosen method', () => {
    const saved = [
      {
        method: 'UPI' as const,
        account_name: 'Ravi',
        upi_id: 'ravi@okaxis',
        account_number: null,
        ifsc: null,
      },
    ];
    expect(payoutFields(saved, 'UPI')).toEqual({
      account_name: 'Ravi',
      upi_id: 'ravi@okaxis',
      account_number: '',
      ifsc: '',
    });
    expect(payoutFields(saved, 'BANK')).toEqual({
      account_name: '',
      upi_id: '',
      account_number: '',
      ifsc: '',
    });
  });
});

describe('amounts', () => {
  it('reads rupees with at most 2 decimals and Indian commas', () => {
    expect(parseRupees('1,00,000')).toBe(100_000);
    expect(parseRupees('10.5')).toBe(10.5);
    expect(parseRupees('1e3')).toBeNull();
    expect(parseRupees('-5')).toBeNull();
  });
  it('adds a chip to what is typed, up to the maximum', () => {
    expect(addQuickAmount('', 500, bounds)).toBe('500');
    expect(addQuickAmount('100.25', 1000, bounds)).toBe('1100.25');
    expect(addQuickAmount('abc', 500, bounds)).toBe('500');
    expect(addQuickAmount('4800', 500, { min_amount: 100, max_amount: 5000 })).toBe('5000');
    expect(quickAmounts({ min_amount: 100, max_amount: 5000 })).toEqual([500, 1000, 2000, 5000]);
  });
});

describe('a refusal in words', () => {
  it('says what the deposit limit leaves and from when more is, in IST', () => {
    const refused = new ApiError(
      'Your deposit limit of ₹1,000 per 24 hours leaves ₹250 now; ...',
      400,
      'DEPOSIT_LIMIT_REACHED',
      {
        left: 250,
        period: 'DAY',
        rolls_at: '2026-11-28T14:01:00.000Z',
      },
    );
    expect(refusalText(refused)).toBe(
      'Your deposit limit leaves ₹250 now. More is free from 28/11/2026 19:31 (IST).',
    );
    expect(
      refusalText(
        new ApiError('x', 400, 'DEPOSIT_LIMIT_REACHED', { left: 0, period: 'DAY', rolls_at: null }),
      ),
    ).toBe('Your deposit limit leaves ₹0 now.');
    expect(refusalText(new ApiError('UTR already used', 400, 'VALIDATION'))).toBe('UTR already used');
  });
});
