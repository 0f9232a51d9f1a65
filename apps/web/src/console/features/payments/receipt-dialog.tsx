import { useQuery } from '@tanstack/react-query';
import { Modal, Spinner } from '@/components';
import { fetchData } from '@/lib/api';
import { paymentKeys } from './api';

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
  const receipt = useQuery({
    queryKey: paymentKeys.receipt(requestId),
    queryFn: () => fetchData('agentGetPaymentReceipt', { request_id: requestId }),
    // A receipt never changes.
    staleTime: Infinity,
  });
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
