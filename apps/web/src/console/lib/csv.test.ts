import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('csv', () => {
  it('quotes fields with commas, quotes and line breaks', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
  });

  it('neutralises a text that a spreadsheet would run as a formula, but keeps negative numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('-1+2')).toBe("'-1+2");
    expect(csvField(-250.5)).toBe('-250.5');
  });

  it('writes a header and rows with CRLF line ends', () => {
    expect(toCsv(['User', 'Balance'], [['demo1', 1000], ['x,y', -5]])).toBe('User,Balance\r\ndemo1,1000\r\n"x,y",-5\r\n');
  });
});
