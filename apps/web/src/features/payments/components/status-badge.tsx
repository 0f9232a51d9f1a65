import type { PaymentStatus } from '@exchange/contracts';
import { STATUS_LABEL } from '../lib/request-rows';

/** Pending yellow, Approved green, Rejected red. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <span className={`pay-status pay-status--${status.toLowerCase()}`} data-testid="payment-status">
      {STATUS_LABEL[status]}
    </span>
  );
}
