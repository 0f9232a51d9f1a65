// How the number games' spots are named for a screen reader (issue 26).

const hidden = (text: string) => {
  const s = document.createElement('span');
  s.className = 'nb-sr';
  s.textContent = text;
  return s;
};

/**
 * Names a spot by what it shows (WCAG 2.5.3, label in name: a voice user says what they see):
 * spot()'s aria-label gives way to the spot's own text, the visible name and payout, with the words
 * a listener needs and the eye does not hidden around them: "Single 0 pays 9.5", "17 black pays 36".
 * (No comma before "pays": the name and the payout are blocks, which the name parts with a space.)
 */
export function nameByContent(b: HTMLButtonElement, before = '', after = ''): HTMLButtonElement {
  b.removeAttribute('aria-label');
  const name = b.querySelector('.spot-name');
  if (before) name?.prepend(hidden(before));
  if (after) name?.append(hidden(after));
  b.querySelector('.spot-odds')?.prepend(hidden('pays '));
  return b;
}
