import { useSearchParams } from 'react-router';
import { PageFrame, Spinner } from '@/components';
import { isRetryable } from '@/lib/api';
import { usePaymentLinks } from '@/lib/link-rules';
import { usePaymentMethods } from '../api/payment-methods';
import { DepositForm } from './deposit-form';
import { PaymentsClosed } from './payments-closed';
import { WithdrawForm } from './withdraw-form';
import './payments.css';

const TABS = [
  { id: 'deposit', label: 'Deposit' },
  { id: 'withdraw', label: 'Withdraw' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/**
 * Deposit / Withdraw (`#/setting/d-w`, `?tab=withdraw` for the second tab): money in and out
 * through the parent agent, each a request the agent approves or rejects.
 */
export function DepositWithdrawPage() {
  const open = usePaymentLinks();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'withdraw' ? 'withdraw' : 'deposit';
  const { data: methods, isLoading, error, refetch } = usePaymentMethods(open === true);

  if (open === null) return <Spinner label="Loading" />;
  if (!open) return <PaymentsClosed title="Deposit / Withdraw" testId="deposit-withdraw-page" />;

  return (
    <PageFrame title="Deposit / Withdraw" testId="deposit-withdraw-page">
      <div className="tabs pay-tabs" role="tablist" aria-label="Deposit or withdraw">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`pay-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls="pay-tabpanel"
            className={`tabs__tab${tab === t.id ? ' tabs__tab--active' : ''}`}
            onClick={() => setParams(t.id === 'deposit' ? {} : { tab: t.id }, { replace: true })}
            data-testid={`pay-tab-${t.id}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="pay-tabpanel" aria-labelledby={`pay-tab-${tab}`}>
        {isLoading && <Spinner label="Loading payment details" />}
        {error && (
          <p className="pay-alert pay-alert--error" role="alert" data-testid="pay-methods-error">
            {error.message}{' '}
            {isRetryable(error) && (
              <button type="button" className="btn btn--small" onClick={() => void refetch()}>
                Retry
              </button>
            )}
          </p>
        )}
        {methods &&
          (tab === 'deposit' ? <DepositForm methods={methods} /> : <WithdrawForm methods={methods} />)}
      </div>
    </PageFrame>
  );
}
