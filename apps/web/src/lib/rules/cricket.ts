import { GENERAL_RULES, GROUND_AVERAGES, PLAYER_EVENT_RULES, TEST_MATCH_RULES } from './general';
import type { RulesPanel } from './types';

/** Cricket markets: fancy, bookmaker, match odds and the tournament panels. */

export const BIG_BASH_LEAGUE: RulesPanel = {
  title: 'Big Bash League',
  sections: [
    {
      items: [
        'All Big Bash League fancies follow the general fancy rules and the ground averages of the Fancy panel.',
        '"First 6 overs" sessions mean overs 1 to 6 of the innings, whatever the Power Play or Power Surge overs of that match.',
        'Power Surge sessions are settled on the runs scored in the 2 Power Surge overs chosen by the batting team. If the Power Surge is not taken, the session is void.',
        'If a match is reduced by rain, the match odds are settled on the official result (including Duckworth\u2013Lewis\u2013Stern). Sessions that cannot be completed are settled on the average values.',
        'Tournament winner markets are settled on the winner of the final, including any super over.',
      ],
    },
  ],
};

export const LUNCH_FAVOURITE: RulesPanel = {
  title: 'Lunch Favourite',
  sections: [
    {
      items: [
        'The lunch favourite is the team that is the favourite in the match odds market at the end of the first innings (the "lunch" break of a limited-overs match).',
        'Bets are settled on the rates at the moment the first innings ends. If both teams have the same rate at that moment, all bets are void.',
        'If the first innings is not completed (the match is abandoned or no result is possible before the break), all bets are void.',
        'If the overs are reduced before or during the first innings, the market stands as long as the first innings is completed.',
      ],
    },
  ],
};

export const BOOKMAKER: RulesPanel = {
  title: 'Bookmaker',
  sections: [
    {
      items: [
        'Bookmaker rates are set by the house and are shown as whole numbers: "back 45" pays 45 for every 100 staked.',
        'Queries about bookmaker bets are accepted only within 7 days of the event.',
        'If a match is not completed, the bookmaker market is settled by comparing the scores of both teams after the same number of overs: a 25-over comparison in an ODI and a 10-over comparison in a T20. If the second innings does not reach 25 overs (ODI) or 10 overs (T20), all bookmaker bets are void.',
        'If the match ends in a tie and no winner is declared, the market is settled as a dead heat: winning bets are paid at 50% of the rate.',
        'If a tie is decided by a super over or another official tie-breaker, the bookmaker market is settled on the official winner.',
        'If a rate is offered by mistake (a wrong rate), bets at that rate are void.',
      ],
    },
  ],
};

export const CRICKET_CASINO: RulesPanel = {
  title: 'CricketCasino',
  sections: [
    {
      items: [
        'A CricketCasino market is settled on the last digit (0 to 9) of the runs total of the named session, for example the last digit of the team total after 6 overs.',
        'The runs total is taken from the official scorecard at the end of the named over.',
        'If the team is all out or the innings ends before the named over, the total at the end of the innings is used.',
        'If the named session cannot be started because the match is abandoned or the overs are reduced, all bets are void.',
      ],
    },
  ],
};

export const FANCY_MARKET_1: RulesPanel = {
  title: 'Fancy Market 1',
  sections: [
    GENERAL_RULES,
    {
      heading: 'Fancy Market 1',
      items: [
        'Fancy Market 1 events are offered with back and lay decimal odds, like the match odds market.',
        'Odd / even markets are settled on the last digit of the named total (runs of an over, a session or an innings).',
        'If the named over or session is not completed, bets are void unless the result is already decided (for example the innings ends all out).',
        'If a match is abandoned or the overs are reduced, events that cannot be completed are settled on the average values of the ground.',
      ],
    },
  ],
};

export const IPL: RulesPanel = {
  title: 'IPL',
  sections: [
    {
      heading: 'IPL Averages (per match, for abandoned matches or reduced overs)',
      items: [
        'First over total runs: 5 runs.',
        'First 6 overs total runs: 46 runs.',
        'Total fours: 25 fours.',
        'Total sixes: 13 sixes.',
        'Total wickets: 12 wickets.',
        'If an IPL match is abandoned or the overs are reduced, tournament events (total fours, sixes, wickets and similar) count the averages above for that match.',
      ],
    },
    {
      heading: 'IPL Events',
      items: [
        'Tournament events are settled at the end of the tournament on the official IPL statistics.',
        'A player missing from the playing 11 for 3 consecutive matches is deleted, and bets on his tournament events are void.',
        'Super over runs, fours, sixes and wickets do not count towards any match or tournament event.',
      ],
    },
  ],
};

export const WORLD_CUP: RulesPanel = {
  title: 'World Cup',
  sections: [
    {
      heading: 'World Cup Averages (per match, for abandoned matches or reduced overs)',
      items: [
        'Total fours: 48 fours.',
        'Total sixes: 10 sixes.',
        'Total wickets: 15 wickets.',
        'Total wides: 14 wides.',
        'Total extras: 25 extras.',
      ],
    },
    {
      heading: 'Team And Player Averages',
      items: [
        'For the World Cup, CPL and tour events, per-team and per-player averages also apply: team events (team total runs, fours, sixes) and player events (player runs, wickets) of an abandoned or reduced match count the average published for that team or player before the event.',
        'Tournament events are settled at the end of the tournament on the official statistics.',
        'Super over runs, fours, sixes and wickets do not count towards any event.',
      ],
    },
  ],
};

export const KHADO: RulesPanel = {
  title: 'Khado',
  sections: [
    {
      items: [
        'In a Khado session the client chooses a run range: the bet wins only if the runs of the session finish within the chosen range (from the line up to the line plus the khado difference).',
        'Khado sessions are valid only for the full number of overs offered. If the overs are reduced or the innings ends early, khado bets are void unless the result is already decided.',
        'Advance khado sessions (placed before the start of the innings) are void if the overs are reduced.',
        'All other rules of the Fancy panel apply to Khado.',
      ],
    },
  ],
};

export const FANCY: RulesPanel = {
  title: 'Fancy',
  sections: [
    GENERAL_RULES,
    {
      heading: 'Fancy Rules',
      items: [
        'A YES bet wins if the runs of the session reach the line or more; a NO bet wins if the runs finish below the line.',
        'All fancy bets are valid when a match is tied. Super over runs do not count towards any fancy.',
        'All advance fancies are suspended before the toss or when the weather changes.',
        'If a session is suspended by a technical error and does not resume, bets placed before the suspension are settled on the result.',
        'A session is complete at the end of the named over. If the team is all out or the innings ends earlier (target reached), the runs at that point are the result.',
        'If the overs are reduced so that a session cannot be completed, it is settled on the average values; a session already completed stands.',
        'Penalty runs count in the runs total of the session in which they are awarded.',
      ],
    },
    GROUND_AVERAGES,
    TEST_MATCH_RULES,
    PLAYER_EVENT_RULES,
  ],
};

export const MATCH: RulesPanel = {
  title: 'Match',
  sections: [
    GENERAL_RULES,
    {
      heading: 'Match Odds',
      items: [
        'Match odds are settled on the official result of the match, including Duckworth\u2013Lewis\u2013Stern (DLS) results.',
        'If a tied match is decided by a super over or another official tie-breaker, the market is settled on the official winner.',
        'If a match is abandoned, declared no result or not played within its scheduled days, all match odds bets are void.',
        'Test matches: a draw is a result; if the match is abandoned before a ball is bowled, all bets are void.',
        'If the venue is changed, bets stand as long as the match is played on the scheduled date.',
      ],
    },
  ],
};
