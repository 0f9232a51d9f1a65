import { DecidePaymentRequest, type AgentPaymentRequestRow } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { FormDialog, FormField } from '@/console/components';
import { formatAmount, formatIst } from '@/lib/format';
import { useDecidePaymentRequest } from './api/decide-payment-request';
import { decisionEffect, KIND_LABEL, paymentDetails } from './payment-text';

/**
 * Approve or reject one pending request (agent/decidePaymentRequest) with an optional remark:
 * the user, the amount and what will move are shown before the one button that does it. The
 * server decides a request once, so a second click or a second agent's decision is refused.
 */
export function DecideDialog({
  request,
  approve,
  byOperator,
  onClose,
}: {
  request: AgentPaymentRequestRow;
  approve: boolean;
  byOperator: boolean;
  onClose: () => void;
}) {
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const decide = useDecidePaymentRequest();
  const checked = DecidePaymentRequest.shape.remark.safeParse(remark);
  const verb = approve ? 'Approve' : 'Reject';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !checked.success) return;
    setBusy(true);
    try {
      const decided = await decide.mutateAsync({
        request_id: request.request_id,
        approve,
        ...(checked.data && { remark: checked.data }),
      });
      toast.success(
        `${KIND_LABEL[decided.kind]} of ${formatAmount(decided.amount)} for ${request.user_name} ${decided.status === 'APPROVED' ? 'approved' : 'rejected'}`,
      );
      onClose();
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'The request could not be decided');
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={`${verb} ${KIND_LABEL[request.kind].toLowerCase()} #${request.request_id}`}
      onClose={busy ? () => undefined : onClose}
      size="sm"
      testId="payment-decide-dialog"
      onSubmit={(e) => void submit(e)}
      submitLabel={`${verb} ${formatAmount(request.amount)}`}
      busy={busy}
      submitDisabled={!checked.success}
      submitTestId="payment-decide-confirm"
      formClassName="decide-form"
      danger={!approve}
    >
      <dl className="decide-facts" data-testid="payment-decide-facts">
        <dt>User</dt>
        <dd data-testid="payment-decide-user">{request.user_name}</dd>
        <dt>Amount</dt>
        <dd data-testid="payment-decide-amount">
          <strong>{formatAmount(request.amount)}</strong>
        </dd>
        <dt>{request.kind === 'DEPOSIT' ? 'Paid by' : 'Pay to'}</dt>
        <dd>
          {request.method} {paymentDetails(request)}
        </dd>
        <dt>Asked (IST)</dt>
        <dd>{formatIst(request.created_at)}</dd>
        <dt>User&apos;s available</dt>
        <dd>{formatAmount(request.user_available_balance)}</dd>
      </dl>
      <p className="decide-effect" data-testid="payment-decide-effect">
        {decisionEffect(request, approve, byOperator)}
      </p>
      <FormField
        label="Remark (optional, the user sees it)"
        error={checked.success ? undefined : checked.error.issues[0]?.message}
      >
        <input
          className="input"
          value={remark}
          maxLength={200}
          onChange={(e) => setRemark(e.target.value)}
          data-testid="payment-decide-remark"
        />
      </FormField>
    </FormDialog>
  );
}
