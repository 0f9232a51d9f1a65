import type { PaymentDetail, PaymentMethod } from '@exchange/contracts';
import { useEffect, useState } from 'react';
import { copyText } from '@/lib/clipboard';

/** A value with a Copy button that says "Copied" for a moment. */
function CopyRow({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  if (!value) return null;
  return (
    <div className="pay-to__row">
      <dt className="pay-to__label">{label}</dt>
      <dd className="pay-to__value">
        <span className="pay-to__text" data-testid={testId}>
          {value}
        </span>
        <button
          type="button"
          className="btn btn--small pay-to__copy"
          aria-label={`Copy ${label}`}
          onClick={() => void copyText(value).then(setCopied)}
          data-testid={`${testId}-copy`}
        >
          {copied === true ? 'Copied' : copied === false ? 'Copy failed' : 'Copy'}
        </button>
      </dd>
    </div>
  );
}

/** The agent's UPI ids or bank accounts of `method` to pay the deposit to, each value copyable. */
export function PayToDetails({
  details,
  method,
}: {
  details: readonly PaymentDetail[];
  method: PaymentMethod;
}) {
  const shown = details.filter((d) => d.method === method);
  return (
    <div className="pay-to" data-testid="pay-to">
      {shown.map((d) => (
        <dl className="pay-to__card" key={d.id} data-testid={`pay-to-${method.toLowerCase()}`}>
          {method === 'UPI' ? (
            <CopyRow label="UPI ID" value={d.upi_id} testId="pay-to-upi-id" />
          ) : (
            <>
              <CopyRow label="Account number" value={d.account_number} testId="pay-to-account-number" />
              <CopyRow label="IFSC" value={d.ifsc} testId="pay-to-ifsc" />
            </>
          )}
          <CopyRow label="Name" value={d.account_name} testId="pay-to-name" />
          {method === 'BANK' && d.bank_name && (
            <div className="pay-to__row">
              <dt className="pay-to__label">Bank</dt>
              <dd className="pay-to__value">
                <span className="pay-to__text">{d.bank_name}</span>
              </dd>
            </div>
          )}
        </dl>
      ))}
    </div>
  );
}
