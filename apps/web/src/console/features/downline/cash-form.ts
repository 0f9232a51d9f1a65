import { z } from 'zod';

/**
 * The amount of a chips transfer or a cash settlement as typed: required, then checked with the
 * contract's own rule (`rule`) once a number.
 */
export const amountText = <Rule extends z.ZodType<number, number>>(rule: Rule) =>
  z
    .string()
    .trim()
    .min(1, 'Enter the amount')
    .transform(Number)
    .pipe(z.number({ error: 'Amount must be a number' }))
    .pipe(rule);
