// How the number games' spots are named for a screen reader (issue 26).

import { srText } from './contract.ts';

/**
 * Names a spot by what it shows (WCAG 2.5.3, label in name: a voice user says what they see):
 * spot() names a spot by its own text already; a number game's spot adds the words its short
 * label leaves out, hidden around it: "Single 0 pays 9.5", "17 black pays 36".
 * (No comma before "pays": the name and the payout are blocks, which the name parts with a space.)
 */
export function nameByContent(b: HTMLButtonElement, before = '', after = ''): HTMLButtonElement {
  const name = b.querySelector('.spot-name');
  // the short label's full name from spot() gives way to these words
  name?.querySelector('.sr')?.remove();
  if (before) name?.prepend(srText(before));
  if (after) name?.append(srText(after));
  return b;
}
