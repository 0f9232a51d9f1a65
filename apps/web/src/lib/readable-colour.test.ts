import { describe, expect, it } from 'vitest';
import { contrastRatio, MIN_TEXT_CONTRAST, readableOn } from './readable-colour';

describe('readableOn', () => {
  it('keeps a colour that already reads at 4.5:1', () => {
    expect(readableOn('#ffffff', '#0b3d5c')).toBe('#ffffff');
    expect(readableOn('#1b1b1b', '#ffc629')).toBe('#1b1b1b');
  });

  it('lightens text on a dark background just enough, keeping its hue', () => {
    // The first seed's tabs: yellow on a mid blue, 3.45:1.
    const text = readableOn('#f5c518', '#2c6e8f');
    expect(contrastRatio(text, '#2c6e8f')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(text, '#2c6e8f')).toBeLessThan(5);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(text.slice(i, i + 2), 16));
    expect(r! > b! && g! > b!).toBe(true);
  });

  it('darkens text on a light background just enough', () => {
    // The first seed's link green on white, 4.38:1.
    const text = readableOn('#1f8a4c', '#ffffff');
    expect(text).not.toBe('#1f8a4c');
    expect(contrastRatio(text, '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(text, '#ffffff')).toBeLessThan(4.8);
  });

  it('reaches 4.5:1 even on a mid grey, where white and black both barely do', () => {
    for (const [text, background] of [
      ['#777777', '#767676'],
      ['#222222', '#202020'],
      ['#ffffff', '#ffffff'],
    ] as const)
      expect(contrastRatio(readableOn(text, background), background)).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
  });

  it('leaves values that are not hex colours alone', () => {
    expect(readableOn('rebeccapurple', '#ffffff')).toBe('rebeccapurple');
    expect(readableOn('#777777', 'black')).toBe('#777777');
    expect(contrastRatio('#fff', 'red')).toBeNull();
  });
});
