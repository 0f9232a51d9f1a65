import { formatAmount } from '@/lib/format';

/**
 * A P&L figure: green when positive, red when negative (the house's or a user's, as the screen
 * says), with its sign on a win too so that it reads without the colour.
 */
export function SignedAmount({ value, testId }: { value: number; testId?: string }) {
  const tone = value > 0 ? 'profit' : value < 0 ? 'loss' : undefined;
  return (
    <span className={tone ? `num ${tone}` : 'num'} data-testid={testId}>
      {value > 0 ? '+' : ''}
      {formatAmount(value)}
    </span>
  );
}
