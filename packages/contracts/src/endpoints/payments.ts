/** Deposits and withdrawals: the bettor's requests, and the agent who decides them and is paid. */
import { z } from 'zod';
import {
  AgentPaymentRequestsPage,
  DecidePaymentRequest,
  DepositRequest,
  GetPaymentRequestsRequest,
  PaymentDetail,
  PaymentMethods,
  PaymentRequestAnswer,
  PaymentRequestIdRequest,
  PaymentRequestRow,
  PaymentStatementPage,
  PaymentStatementRequest,
  RECEIPT_MAX_BYTES,
  SetPaymentDetailsRequest,
  WithdrawRequest,
} from '../payment.ts';
import { def, None } from './endpoint.ts';

export const agentPaymentEndpoints = {
  agentGetPaymentRequests: def({
    method: 'POST',
    path: 'agent/getPaymentRequests',
    auth: 'user',
    role: 'agent',
    summary: 'Agent: the deposit and withdrawal requests addressed to the caller (the root: all), newest first',
    body: GetPaymentRequestsRequest,
    data: AgentPaymentRequestsPage,
  }),
  agentDecidePaymentRequest: def({
    method: 'POST',
    path: 'agent/decidePaymentRequest',
    auth: 'user',
    role: 'agent',
    summary: 'Agent: approve or reject a pending request; the money moves through the ledger exactly once',
    body: DecidePaymentRequest,
    data: PaymentRequestRow,
  }),
  agentGetPaymentReceipt: def({
    method: 'POST',
    path: 'agent/getPaymentReceipt',
    auth: 'user',
    role: 'agent',
    summary: "Agent: a deposit request's receipt image as a data URL",
    body: PaymentRequestIdRequest,
    data: z.object({ mime: z.string(), data_url: z.string() }),
  }),
  agentSetPaymentDetails: def({
    method: 'POST',
    path: 'agent/setPaymentDetails',
    auth: 'user',
    role: 'agent',
    summary: "Agent: set the caller's UPI id or bank account its users pay deposits to (replaces that method's)",
    body: SetPaymentDetailsRequest,
    data: PaymentDetail,
  }),
} as const;

export const paymentEndpoints = {
  paymentGetMethods: def({
    method: 'GET',
    path: 'payment/getMethods',
    auth: 'user',
    summary: "The parent agent's UPI and bank details to pay deposits to, and the caller's saved payout accounts",
    body: None,
    data: PaymentMethods,
  }),
  paymentDeposit: def({
    method: 'POST',
    path: 'payment/deposit',
    auth: 'user',
    summary: 'Ask the parent agent to credit a deposit paid by UPI or bank transfer (JSON, or multipart with a receipt image)',
    upload: { field: 'receipt', maxBytes: RECEIPT_MAX_BYTES },
    body: DepositRequest,
    data: PaymentRequestAnswer,
  }),
  paymentWithdraw: def({
    method: 'POST',
    path: 'payment/withdraw',
    auth: 'user',
    summary: 'Ask for a withdrawal; the amount is held at once and released if rejected',
    body: WithdrawRequest,
    data: PaymentRequestAnswer,
  }),
  paymentGetPaymentStatement: def({
    method: 'POST',
    path: 'payment/getPaymentStatement',
    auth: 'user',
    summary: "The caller's deposit and withdrawal requests between two IST days, newest first",
    body: PaymentStatementRequest,
    data: PaymentStatementPage,
  }),
} as const;
