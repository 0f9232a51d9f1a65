import { describe, expect, it } from 'vitest';
import { NO_RECORDS_TEXT, RULES_PANELS, rulesSlug } from './index';

const ORDER = [
  'Horse Racing',
  'Handball',
  'Table Tennis',
  'Basketball',
  'Vollyball',
  'Ice Hockey',
  'Football',
  'Tennis',
  'Snooker',
  'E-Games',
  'Fustal',
  'Big Bash League',
  'Lunch Favourite',
  'Politics',
  'Bookmaker',
  'Teenpatti',
  'CricketCasino',
  'Fancy Market 1',
  'Football Fancy',
  'IPL',
  'Kabaddi',
  'World Cup',
  'Khado',
  'Election',
  'Fancy',
  'Match',
  'Binary',
];

const textOf = (title: string): string => {
  const panel = RULES_PANELS.find((p) => p.title === title);
  if (!panel) throw new Error(`no panel ${title}`);
  return panel.sections.flatMap((s) => [s.heading ?? '', ...s.items]).join('\n');
};

describe('rules panels', () => {
  it('has the 27 panels of the spec in its order, Horse Racing first', () => {
    expect(RULES_PANELS.map((p) => p.title)).toEqual(ORDER);
    expect(RULES_PANELS).toHaveLength(27);
  });

  it('gives every panel a distinct slug', () => {
    const slugs = RULES_PANELS.map((p) => rulesSlug(p.title));
    expect(new Set(slugs).size).toBe(27);
    expect(rulesSlug('Fancy Market 1')).toBe('fancy-market-1');
    expect(rulesSlug('E-Games')).toBe('e-games');
  });

  it("shows 'No records Found' for Teenpatti and rules in every other panel", () => {
    expect(NO_RECORDS_TEXT).toBe('No records Found');
    for (const p of RULES_PANELS) {
      if (p.title === 'Teenpatti') expect(p.sections).toEqual([]);
      else expect(p.sections.flatMap((s) => s.items).length, p.title).toBeGreaterThanOrEqual(3);
    }
  });

  it('puts the general rules at the top of Fancy, Fancy Market 1 and Match', () => {
    for (const title of ['Fancy', 'Fancy Market 1', 'Match']) {
      const general = RULES_PANELS.find((p) => p.title === title)?.sections[0];
      expect(general?.heading).toBe('General Rules');
      const text = general?.items.join('\n') ?? '';
      for (const s of [
        '7 days',
        '24 hours',
        'VPN',
        'robot',
        'multiple entries',
        'punching',
        'only the winning bets',
        'management is final',
        'Manual bets are not accepted',
        '5 seconds',
        'third parties',
        'average values',
      ]) {
        expect(text, `${title}: ${s}`).toContain(s);
      }
    }
  });

  // Each constant of spec section 9, in the panel it belongs to.
  const constants: Record<string, string[]> = {
    'Horse Racing': [
      '2.5%',
      '4.0%',
      '1.01',
      '15 minutes',
      '5 minutes for Australian and US',
      '50% of the rate',
      'number of places available',
    ],
    Football: ['48 hours'],
    'Football Fancy': ['48 hours'],
    Basketball: ['5 minutes or less'],
    Bookmaker: ['7 days', '25-over', 'ODI', '10-over', 'T20', '50% of the rate'],
    Fancy: [
      '5 to 6 runs',
      '44 to 46',
      '24 to 28',
      '9 to 12',
      '12 wickets',
      '8 to 9',
      '13 to 16',
      '310 to 340',
      '70 overs',
      '25 overs',
      '80 overs',
      '300 overs',
      '32 overs',
      '3 consecutive matches',
    ],
    IPL: ['First over total runs: 5 runs', '46 runs', '25 fours', '13 sixes', '12 wickets'],
    'World Cup': ['48 fours', '10 sixes', '15 wickets', '14 wides', '25 extras', 'CPL', 'tour'],
    Binary: ['Monday to Friday, 10:00 to 14:30', '11:30 to 22:30', '19:30 to 24:00', 'official index value'],
    Politics: ['official result'],
    Election: ['Election Commission'],
    Tennis: ['retires', 'walkover'],
    Snooker: ['frame'],
  };
  for (const [title, needles] of Object.entries(constants)) {
    it(`writes out the ${title} constants`, () => {
      const text = textOf(title);
      for (const n of needles) expect(text, `${title}: ${n}`).toContain(n);
    });
  }
});
