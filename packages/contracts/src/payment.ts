/**
 * Money in and out (ADR 33): a bettor asks its parent agent for a deposit (paid by UPI or bank
 * transfer, with the UTR and an optional receipt image) or a withdrawal (held at once); the agent
 * approves or rejects it. Every request is made once per client_ref.
 */
import { z } from 'zod';
import { Day, IdLike, IsoDate, Rupees } from './common.ts';
import { CLIENT_REF_MAX_LENGTH } from './common.ts';

export const PAYMENT_METHODS = ['UPI', 'BANK'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS, { error: 'Method must be UPI or BANK' });
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export const PaymentKind = z.enum(['DEPOSIT', 'WITHDRAW']);
export type PaymentKind = z.infer<typeof PaymentKind>;
export const PaymentStatus = z.enum(['PENDING', 'APPROVED', 'REJECTED']);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/** Bounds of one request, in rupees. */
export const PAYMENT_MIN_AMOUNT = 100;
export const PAYMENT_MAX_AMOUNT = 1_000_000;
/** Receipt images: PNG, JPEG or WebP, at most this many bytes. */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
export const RECEIPT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

const Amount = Rupees.refine((v) => v >= PAYMENT_MIN_AMOUNT, `Amount must be at least ${PAYMENT_MIN_AMOUNT}`).refine(
  (v) => v <= PAYMENT_MAX_AMOUNT,
  `Amount must be at most ${PAYMENT_MAX_AMOUNT}`,
);
const ClientRef = z.string().trim().min(1, 'client_ref is required').max(CLIENT_REF_MAX_LENGTH, 'client_ref is too long');
export const UPI_ID_PATTERN = /^[A-Za-z0-9._-]{2,64}@[A-Za-z]{2,32}$/;
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;
/** A UPI / IMPS reference: 12 digits, or up to 22 letters and digits for NEFT/RTGS. */
export const UTR_PATTERN = /^[A-Za-z0-9]{12,22}$/;

/** One way to pay the parent agent. */
export const PaymentDetail = z.object({
  id: z.number().int(),
  method: PaymentMethod,
  account_name: z.string(),
  upi_id: z.string().nullable(),
  account_number: z.string().nullable(),
  ifsc: z.string().nullable(),
  bank_name: z.string().nullable(),
});
export type PaymentDetail = z.infer<typeof PaymentDetail>;

/** The bettor's saved account to be paid out to (from its last withdrawal of that method). */
export const PayoutAccount = z.object({
  method: PaymentMethod,
  account_name: z.string(),
  upi_id: z.string().nullable(),
  account_number: z.string().nullable(),
  ifsc: z.string().nullable(),
});
export type PayoutAccount = z.infer<typeof PayoutAccount>;

export const PaymentMethods = z.object({
  /** Where to pay deposits: the parent agent's active UPI ids and bank accounts. */
  methods: z.array(PaymentDetail),
  saved_accounts: z.array(PayoutAccount),
  min_amount: Rupees,
  max_amount: Rupees,
});
export type PaymentMethods = z.infer<typeof PaymentMethods>;

/**
 * A deposit request. Sent as JSON, or as multipart/form-data with these fields as text parts
 * and an optional `receipt` file part (RECEIPT_TYPES, at most RECEIPT_MAX_BYTES).
 */
export const DepositRequest = z.object({
  amount: z.coerce.number({ error: 'Amount must be a number' }).pipe(Amount),
  method: PaymentMethod,
  utr: z.string().trim().toUpperCase().regex(UTR_PATTERN, 'UTR must be 12 to 22 letters or digits'),
  client_ref: ClientRef,
});
export type DepositRequest = z.input<typeof DepositRequest>;

export const WithdrawRequest = z
  .object({
    amount: Amount,
    method: PaymentMethod,
    account_name: z.string().trim().min(2, 'Account holder name is required').max(80, 'Account holder name is too long'),
    account_number: z.string().trim().regex(ACCOUNT_NUMBER_PATTERN, 'Account number must be 9 to 18 digits').optional(),
    ifsc: z.string().trim().toUpperCase().regex(IFSC_PATTERN, 'Enter a valid IFSC (e.g. HDFC0001234)').optional(),
    upi_id: z.string().trim().regex(UPI_ID_PATTERN, 'Enter a valid UPI id (e.g. name@bank)').optional(),
    client_ref: ClientRef,
  })
  .refine((v) => v.method !== 'BANK' || (v.account_number !== undefined && v.ifsc !== undefined), {
    path: ['account_number'],
    message: 'Bank withdrawals need the account number and IFSC',
  })
  .refine((v) => v.method !== 'UPI' || v.upi_id !== undefined, { path: ['upi_id'], message: 'UPI withdrawals need the UPI id' });
export type WithdrawRequest = z.infer<typeof WithdrawRequest>;

/** A request as its maker (and its agent) sees it. */
export const PaymentRequestRow = z.object({
  request_id: z.number().int(),
  kind: PaymentKind,
  method: PaymentMethod,
  amount: Rupees,
  status: PaymentStatus,
  utr: z.string().nullable(),
  has_receipt: z.boolean(),
  account_name: z.string().nullable(),
  account_number: z.string().nullable(),
  ifsc: z.string().nullable(),
  upi_id: z.string().nullable(),
  /** The agent's remark on approval or rejection. */
  remark: z.string(),
  created_at: IsoDate,
  decided_at: IsoDate.nullable(),
});
export type PaymentRequestRow = z.infer<typeof PaymentRequestRow>;

/** The answer to deposit and withdraw, with the balance right after (a withdrawal is held at once). */
export const PaymentRequestAnswer = PaymentRequestRow.extend({
  total_balance: Rupees,
  liability: Rupees,
  available_balance: Rupees,
});

export const PaymentStatementRequest = z
  .object({
    from_date: Day,
    to_date: Day,
    kind: PaymentKind.optional(),
    status: PaymentStatus.optional(),
    page: z.coerce.number().int().min(1, 'Page must be at least 1').default(1),
    limit: z.coerce.number().int().min(1, 'Limit must be at least 1').max(100, 'Limit must be at most 100').default(20),
  })
  .refine((v) => v.from_date <= v.to_date, { path: ['to_date'], message: 'From date must not be after to date' });
export type PaymentStatementRequest = z.input<typeof PaymentStatementRequest>;

export const PaymentStatementPage = z.object({
  rows: z.array(PaymentRequestRow),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type PaymentStatementPage = z.infer<typeof PaymentStatementPage>;

/** Agent: the requests addressed to the caller (the root: all), newest first. */
export const GetPaymentRequestsRequest = z.object({
  status: PaymentStatus.optional(),
  kind: PaymentKind.optional(),
  page: z.coerce.number().int().min(1, 'Page must be at least 1').default(1),
  limit: z.coerce.number().int().min(1, 'Limit must be at least 1').max(100, 'Limit must be at most 100').default(20),
});
export type GetPaymentRequestsRequest = z.input<typeof GetPaymentRequestsRequest>;

export const AgentPaymentRequestRow = PaymentRequestRow.extend({
  user_id: z.number().int(),
  user_name: z.string(),
  /** The user's available balance now (what a withdrawal approval pays out is already held). */
  user_available_balance: Rupees,
});
export type AgentPaymentRequestRow = z.infer<typeof AgentPaymentRequestRow>;

export const AgentPaymentRequestsPage = z.object({
  rows: z.array(AgentPaymentRequestRow),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const DecidePaymentRequest = z.object({
  request_id: IdLike,
  approve: z.boolean({ error: 'approve must be true or false' }),
  remark: z.string().trim().max(200, 'Remark is too long').optional(),
});
export type DecidePaymentRequest = z.infer<typeof DecidePaymentRequest>;

/** Agent: its own payment details, replacing the active ones of that method. */
export const SetPaymentDetailsRequest = z
  .object({
    method: PaymentMethod,
    account_name: z.string().trim().min(2, 'Account name is required').max(80, 'Account name is too long'),
    upi_id: z.string().trim().regex(UPI_ID_PATTERN, 'Enter a valid UPI id (e.g. name@bank)').optional(),
    account_number: z.string().trim().regex(ACCOUNT_NUMBER_PATTERN, 'Account number must be 9 to 18 digits').optional(),
    ifsc: z.string().trim().toUpperCase().regex(IFSC_PATTERN, 'Enter a valid IFSC (e.g. HDFC0001234)').optional(),
    bank_name: z.string().trim().max(80, 'Bank name is too long').optional(),
  })
  .refine((v) => v.method !== 'BANK' || (v.account_number !== undefined && v.ifsc !== undefined), {
    path: ['account_number'],
    message: 'Bank details need the account number and IFSC',
  })
  .refine((v) => v.method !== 'UPI' || v.upi_id !== undefined, { path: ['upi_id'], message: 'UPI details need the UPI id' });

export const PaymentRequestIdRequest = z.object({ request_id: IdLike });
