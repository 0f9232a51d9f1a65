/**
 * The deposit and withdraw forms as the bettor types them, checked with the contracts' own
 * schemas (the same messages the server would answer) plus what only the page knows: the bounds
 * payment/getMethods gave and, for a withdrawal, the balance available right now.
 */
import { DepositRequest, WithdrawRequest, type PaymentMethod, type PayoutAccount } from '@exchange/contracts';
import type { ApiError } from '@/lib/api';
import { formatAmount, formatIst, formatRupees } from '@/lib/format';

export interface DepositForm {
  amount: string;
  method: PaymentMethod;
  utr: string;
}

export interface WithdrawForm {
  amount: string;
  method: PaymentMethod;
  account_name: string;
  account_number: string;
  ifsc: string;
  upi_id: string;
}

export interface AmountBounds {
  min_amount: number;
  max_amount: number;
}

export interface Issue {
  path: PropertyKey[];
  message: string;
}

/** A checked form: the request body (without its client_ref, chosen when it is sent) or the issues. */
export type Checked<T> = { ok: true; body: T } | { ok: false; issues: Issue[] };

export type DepositBody = Omit<DepositRequest, 'client_ref'> & { amount: number };
export type WithdrawBody = Omit<WithdrawRequest, 'client_ref'>;

/** Replaced by the real client_ref when the request is sent: the schemas need one to pass. */
const DRAFT_REF = 'draft';

/** An amount of rupees typed with at most 2 decimals, else null. */
export function parseRupees(text: string): number | null {
  const t = text.trim().replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  return Number(t);
}

function amountProblem(text: string, bounds: AmountBounds, available?: number): string | null {
  const amount = parseRupees(text);
  if (text.trim() === '') return 'Enter the amount';
  if (amount === null) return 'Amount must be a number with at most 2 decimals';
  if (amount < bounds.min_amount) return `Amount must be at least ${bounds.min_amount}`;
  if (amount > bounds.max_amount) return `Amount must be at most ${bounds.max_amount}`;
  if (available !== undefined && amount > available)
    return `Amount must not be more than your available balance of ${formatAmount(available)}`;
  return null;
}

/** The schema's issues, less its amount message when the page has already worded the amount's. */
function contractIssues(issues: readonly Issue[], amountWorded: string | null): Issue[] {
  return amountWorded ? issues.filter((i) => i.path[0] !== 'amount') : [...issues];
}

function withoutRef<T extends { client_ref: string }>(data: T): Omit<T, 'client_ref'> {
  const { client_ref: _ref, ...body } = data;
  return body;
}

export function checkDeposit(form: DepositForm, bounds: AmountBounds): Checked<DepositBody> {
  const issues: Issue[] = [];
  const problem = amountProblem(form.amount, bounds);
  if (problem) issues.push({ path: ['amount'], message: problem });
  const parsed = DepositRequest.safeParse({
    amount: parseRupees(form.amount) ?? 0,
    method: form.method,
    utr: form.utr,
    client_ref: DRAFT_REF,
  });
  if (!parsed.success) issues.push(...contractIssues(parsed.error.issues, problem));
  if (!parsed.success || problem) return { ok: false, issues };
  return { ok: true, body: withoutRef(parsed.data) };
}

/** '' is a field left empty: the schema then says what the method needs instead of a format. */
const given = (text: string) => (text.trim() === '' ? undefined : text);

export function checkWithdraw(
  form: WithdrawForm,
  bounds: AmountBounds,
  available: number,
): Checked<WithdrawBody> {
  const issues: Issue[] = [];
  const problem = amountProblem(form.amount, bounds, available);
  if (problem) issues.push({ path: ['amount'], message: problem });
  const bank = form.method === 'BANK';
  const parsed = WithdrawRequest.safeParse({
    amount: parseRupees(form.amount) ?? 0,
    method: form.method,
    account_name: form.account_name,
    account_number: bank ? given(form.account_number) : undefined,
    ifsc: bank ? given(form.ifsc) : undefined,
    upi_id: bank ? undefined : given(form.upi_id),
    client_ref: DRAFT_REF,
  });
  if (!parsed.success) {
    issues.push(...contractIssues(parsed.error.issues, problem));
    // "needs the account number and IFSC" sits on the account number: say the IFSC's part there too.
    if (bank && given(form.account_number) && !given(form.ifsc))
      issues.push({ path: ['ifsc'], message: 'Enter the IFSC' });
  }
  if (!parsed.success || problem) return { ok: false, issues };
  return { ok: true, body: withoutRef(parsed.data) };
}

/** The payout fields of a saved account of `method` (empty when there is none). */
export function payoutFields(
  saved: readonly PayoutAccount[],
  method: PaymentMethod,
): Pick<WithdrawForm, 'account_name' | 'account_number' | 'ifsc' | 'upi_id'> {
  const account = saved.find((a) => a.method === method);
  return {
    account_name: account?.account_name ?? '',
    account_number: account?.account_number ?? '',
    ifsc: account?.ifsc ?? '',
    upi_id: account?.upi_id ?? '',
  };
}

/** The quick amount chips: the ones a request may be, each added to what is typed. */
const QUICK_AMOUNTS = [500, 1_000, 2_000, 5_000, 10_000, 25_000];
export function quickAmounts(bounds: AmountBounds): number[] {
  return QUICK_AMOUNTS.filter((n) => n <= bounds.max_amount);
}

/** The amount typed plus a chip's, kept within the maximum. */
export function addQuickAmount(text: string, chip: number, bounds: AmountBounds): string {
  const sum = Math.round(((parseRupees(text) ?? 0) + chip) * 100) / 100;
  return String(Math.min(sum, bounds.max_amount));
}

/**
 * The server's refusal in words; a deposit past the bettor's limit says what is left and from
 * when more is, in IST as the site shows times (the message carries them in UTC).
 */
export function refusalText(error: ApiError): string {
  const data = error.data as { left?: unknown; rolls_at?: unknown } | undefined;
  if (error.code !== 'DEPOSIT_LIMIT_REACHED' || typeof data?.left !== 'number') return error.message;
  const from =
    typeof data.rolls_at === 'string'
      ? ` More is free from ${formatIst(data.rolls_at).slice(0, 16)} (IST).`
      : '';
  return `Your deposit limit leaves ${formatRupees(data.left)} now.${from}`;
}
