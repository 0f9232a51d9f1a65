import {
  BIG_BASH_LEAGUE,
  BOOKMAKER,
  CRICKET_CASINO,
  FANCY,
  FANCY_MARKET_1,
  IPL,
  KHADO,
  LUNCH_FAVOURITE,
  MATCH,
  WORLD_CUP,
} from './cricket';
import { BINARY, ELECTION, FOOTBALL_FANCY, KABADDI, POLITICS, TEENPATTI } from './markets';
import {
  BASKETBALL,
  E_GAMES,
  FOOTBALL,
  FUTSAL,
  HANDBALL,
  HORSE_RACING,
  ICE_HOCKEY,
  SNOOKER,
  TABLE_TENNIS,
  TENNIS,
  VOLLEYBALL,
} from './sports';
import type { RulesPanel } from './types';

export type { RulesPanel, RulesSection } from './types';

/** The tabs of the rules screen, in the spec's order (section 2); Horse Racing opens first. */
export const RULES_PANELS: readonly [RulesPanel, ...RulesPanel[]] = [
  HORSE_RACING,
  HANDBALL,
  TABLE_TENNIS,
  BASKETBALL,
  VOLLEYBALL,
  ICE_HOCKEY,
  FOOTBALL,
  TENNIS,
  SNOOKER,
  E_GAMES,
  FUTSAL,
  BIG_BASH_LEAGUE,
  LUNCH_FAVOURITE,
  POLITICS,
  BOOKMAKER,
  TEENPATTI,
  CRICKET_CASINO,
  FANCY_MARKET_1,
  FOOTBALL_FANCY,
  IPL,
  KABADDI,
  WORLD_CUP,
  KHADO,
  ELECTION,
  FANCY,
  MATCH,
  BINARY,
];

/** What a panel without rules shows. */
export const NO_RECORDS_TEXT = 'No records Found';

/** The test-id / key form of a panel title: 'Fancy Market 1' -> 'fancy-market-1'. */
export function rulesSlug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
