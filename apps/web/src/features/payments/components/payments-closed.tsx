import { PageFrame } from '@/components';

/**
 * A payment page reached by its address while its links are hidden (spec section 6): it says so
 * instead of calling the server, whose 403 for a closed gateway would end the session.
 */
export function PaymentsClosed({ title, testId }: { title: string; testId: string }) {
  return (
    <PageFrame title={title} testId={testId}>
      <p className="notice" data-testid="payments-closed">
        Online deposits and withdrawals are not open for your account. Please contact your agent.
      </p>
    </PageFrame>
  );
}
