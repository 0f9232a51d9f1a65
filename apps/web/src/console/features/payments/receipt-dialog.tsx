import { Modal, Spinner } from '@/components';
import { usePaymentReceipt } from './api/payment-receipt';

/** A deposit request's receipt image (agent/getPaymentReceipt), as large as the screen allows. */
export function ReceiptDialog({
  requestId,
  userName,
  onClose,
}: {
  requestId: number;
  userName: string;
  onClose: () => void;
}) {
  const receipt = usePaymentReceipt(requestId);
  return (
    <Modal
      title={`Receipt of request #${requestId} (${userName})`}
      onClose={onClose}
      size="lg"
      testId="payment-receipt-dialog"
    >
      {receipt.isLoading && <Spinner label="Loading the receipt" />}
      {receipt.error && (
        <p className="notice notice--error" role="alert">
          {receipt.error.message}
        </p>
      )}
      {receipt.data && (
        <a href={receipt.data.data_url} target="_blank" rel="noreferrer" title="Open in a new tab">
          <img
            className="receipt-image"
            src={receipt.data.data_url}
            alt={`Receipt of request #${requestId}`}
            data-testid="payment-receipt-image"
          />
        </a>
      )}
    </Modal>
  );
}
