import { formatAmount } from '@/lib/format';

/**
 * A P&L figure: green when positive, red when negative (the house's or a user's, as the screen
 * says), with its sign on a win too so that it reads without the colour.
 */
export function SignedAmount({
  value,
  testId,
  positiveIsLoss = false,
}: {
  value: number;
  testId?: string;
  /** A figure whose plus is bad news for the reader (what the caller owes): red when positive. */
  positiveIsLoss?: boolean;
}) {
  const good = positiveIsLoss ? value < 0 : value > 0;
  const tone = value === 0 ? undefined : good ? 'profit' : 'loss';
  return (
    <span className={tone ? `num ${tone}` : 'num'} data-testid={testId}>
      {value > 0 ? '+' : ''}
      {formatAmount(value)}
    </span>
  );
}
