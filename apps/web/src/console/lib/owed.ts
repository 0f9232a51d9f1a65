import { roundToPaise } from '@exchange/engine';
import { formatAmount } from '@/lib/format';

/** 'you' starts a sentence as 'You'; a user name is written as it is. */
const first = (name: string) => (name === 'you' ? 'You' : name);

/**
 * What a child and its parent owe each other, in words (ADR 48's "lena / dena"): `owedByChild`
 * positive, the child owes the parent; negative, the parent owes the child. Either name may be
 * 'you' (the caller).
 */
export function owedInWords(owedByChild: number, child: string, parent: string): string {
  if (roundToPaise(owedByChild) === 0) return `${first(child)} and ${parent} are square`;
  const [debtor, creditor] = owedByChild > 0 ? [child, parent] : [parent, child];
  return `${first(debtor)} ${debtor === 'you' ? 'owe' : 'owes'} ${creditor} ${formatAmount(Math.abs(owedByChild))}`;
}
