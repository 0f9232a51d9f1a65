import type { RulesPanel } from './types';

/** Politics and election, binary sessions and the remaining sport panels. */

export const POLITICS: RulesPanel = {
  title: 'Politics',
  sections: [
    {
      items: [
        'Politics markets are settled on the official result declared by the competent authority (for example the Election Commission). Exit polls, media projections and trends do not count.',
        'Later recounts, legal challenges, defections or changes of government after the declaration do not change the settlement.',
        'If the event does not take place on the scheduled date and is not held within the announced period, all bets are void.',
        'Bets placed after the result is known, or by a technical error after the market should have been closed, are void.',
        'A candidate or party that withdraws after bets are placed is settled as a loser; bets on it are not void.',
      ],
    },
  ],
};

export const TEENPATTI: RulesPanel = {
  title: 'Teenpatti',
  sections: [],
};

export const FOOTBALL_FANCY: RulesPanel = {
  title: 'Football Fancy',
  sections: [
    {
      items: [
        'Football fancy markets (total goals, corners, cards, player goals and similar) are settled on regular time only (90 minutes plus injury time) unless the market says otherwise.',
        'If a match is not played within 48 hours of the scheduled kick-off, all football fancy bets are void.',
        'If a match is abandoned, fancies already decided stand; all other bets are void.',
        'Corners and cards are settled on the official match statistics. A retaken corner counts once; a card shown to a player on the bench or after the final whistle does not count.',
        'Player fancies are void if the player does not take part in the match. Own goals do not count as a player\u2019s goal.',
      ],
    },
  ],
};

export const KABADDI: RulesPanel = {
  title: 'Kabaddi',
  sections: [
    {
      items: [
        'Match odds are settled on the official result. In league matches a tie is a result; where a tie-breaker (for example a golden raid) decides the match, its winner is the winner.',
        'If a match is tied and no tie-breaker is played, match odds bets are settled as a dead heat: winning bets are paid at 50% of the rate.',
        'Fancy markets (total points, raid points, tackle points of a team or player) are settled on the official match statistics.',
        'If a match is abandoned or not completed, bets on markets not yet decided are void.',
        'Player fancies are void if the player does not take part in the match.',
      ],
    },
  ],
};

export const ELECTION: RulesPanel = {
  title: 'Election',
  sections: [
    {
      items: [
        'Election markets are settled on the final results officially declared by the Election Commission. Exit polls and counting trends do not count.',
        'Seat markets (seats won by a party or alliance) count the seats declared for that party or alliance as named in the market at the time of the bet; later alliances or defections are not counted.',
        'If polling in a constituency is countermanded or postponed, seat markets are settled on the seats declared on the counting day.',
        'If the election is cancelled or postponed beyond the announced schedule, all bets are void.',
        'Bets placed after a result is declared are void.',
      ],
    },
  ],
};

export const BINARY: RulesPanel = {
  title: 'Binary',
  sections: [
    {
      heading: 'Session Timings (IST)',
      items: [
        'Index stocks (for example NIFTY and BANK NIFTY): Monday to Friday, 10:00 to 14:30.',
        'Gold, silver and crude: 11:30 to 22:30.',
        'US indices (for example Dow Jones and NASDAQ): 19:30 to 24:00.',
      ],
    },
    {
      heading: 'Settlement',
      items: [
        'A binary session asks whether the index or price will finish at or above the line (YES) or below it (NO) at the close of the session.',
        'Sessions are settled on the official index value or price published by the exchange at the close of the session.',
        'If the exchange is closed (holiday) or trading is halted and the session cannot close, all bets of that session are void.',
        'Bets placed after the session time has ended are void.',
      ],
    },
  ],
};
