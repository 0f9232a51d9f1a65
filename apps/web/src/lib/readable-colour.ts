/** WCAG 2 AA's least contrast for normal-size text (ADR 44). */
export const MIN_TEXT_CONTRAST = 4.5;

type Rgb = readonly [number, number, number];

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

function parseHex(value: string): Rgb | null {
  const m = typeof value === 'string' ? HEX.exec(value.trim()) : null;
  if (!m) return null;
  const digits = m[1]!.length === 3 ? [...m[1]!].map((d) => d + d).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as unknown as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2's relative luminance. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const ratio = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** The contrast ratio of two #rgb / #rrggbb colours (1 to 21), null if either is not one. */
export function contrastRatio(a: string, b: string): number | null {
  const [x, y] = [parseHex(a), parseHex(b)];
  return x && y ? ratio(x, y) : null;
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/**
 * `text` as it can be read on `background` (both chosen by the operator, or `background` a
 * surface of ours): unchanged when it reaches 4.5:1; else moved toward white on a dark
 * background or toward black on a light one (the background's luminance decides), only as far
 * as it must, so it keeps its hue where it can. A value that is not #rgb / #rrggbb (older
 * settings) is returned as it is.
 */
export function readableOn(text: string, background: string): string {
  const [fg, bg] = [parseHex(text), parseHex(background)];
  if (!fg || !bg || ratio(fg, bg) >= MIN_TEXT_CONTRAST) return text;
  const target = ratio(WHITE, bg) >= ratio(BLACK, bg) ? WHITE : BLACK;
  for (let step = 1; step < 20; step++) {
    const t = step / 20;
    const mixed = fg.map((c, i) => Math.round(c + (target[i]! - c) * t)) as unknown as Rgb;
    if (ratio(mixed, bg) >= MIN_TEXT_CONTRAST) return toHex(mixed);
  }
  // White or black itself: the better of the two reaches at least 4.58:1 on any background.
  return toHex(target);
}
