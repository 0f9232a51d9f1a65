/**
 * Money in and out (ADR 33): deposit and withdrawal requests addressed to the parent agent, the
 * gateway seam with the built-in manual gateway, receipts, and the reads. Routes use this surface.
 */
export { manualGateway, type GatewayVerdict, type PaymentGateway, type PaymentRequestRecord } from './gateway.ts';
export { paymentMethods, setPaymentDetails } from './methods.ts';
export { checkReceipt, sniffImage, type UploadedFile } from './receipts.ts';
export {
  decidePaymentRequest,
  requestDeposit,
  requestWithdraw,
  settlePaymentRequest,
  type Decider,
  type Payer,
  type PaymentCommitted,
  type PaymentConfig,
  type PaymentEvents,
  type PaymentServices,
} from './requests.ts';
export { agentPaymentRequests, paymentReceipt, paymentStatement } from './statement.ts';
