import type { RulesPanel } from './types';

/** Horse racing and the non-cricket sports, in the order they appear on the rules screen. */

export const HORSE_RACING: RulesPanel = {
  title: 'Horse Racing',
  sections: [
    {
      heading: 'General',
      items: [
        'All race times are shown in Indian Standard Time (IST).',
        'Markets are settled on the official result declared at the course ("weighed in"). Later stewards\u2019 enquiries, appeals or disqualifications do not change the settlement.',
        'If a race is abandoned, declared void or not run on the scheduled day, all bets on that race are void.',
        'Bets on a runner that is withdrawn (a non-runner) are void.',
        'Each non-runner is given a reduction factor (RF), a percentage that reflects its chance of winning at the time it was withdrawn.',
        'A reduced price is the matched price multiplied by (100% \u2212 reduction factor). Odds can never be reduced below 1.01.',
        'Reduction factors are updated for about 15 minutes after the off time (about 5 minutes for Australian and US markets). The final reduction factor applies to settlement.',
      ],
    },
    {
      heading: 'WIN Market',
      items: [
        'If a non-runner has a reduction factor of 2.5% or more, the prices of all bets matched on the other runners before the withdrawal are reduced by that factor.',
        'When the reduction factor is 2.5% or more, all unmatched lay offers on the other runners are cancelled.',
        'If the reduction factor is below 2.5%, no reduction is applied and unmatched offers stand.',
        'Example: a bet matched at 10.0 on a runner, with a non-runner whose reduction factor is 20%, is settled at 8.0.',
      ],
    },
    {
      heading: 'PLACE Market',
      items: [
        'Reductions always apply in PLACE markets: the prices of bets matched on the other runners before the withdrawal are reduced by the non-runner\u2019s reduction factor, however small.',
        'Unmatched lay offers on the other runners are cancelled only when the reduction factor is 4.0% or more.',
        'The number of places paid is stated with the market and does not change when runners are withdrawn.',
      ],
    },
    {
      heading: 'Dead Heat',
      items: [
        'When two runners dead-heat for a position, winning bets are paid at 50% of the rate: half the stake is settled at full odds and the other half is lost.',
        'In general the stake is multiplied by the number of places available and divided by the number of runners tied, and that part of the stake is settled at full odds. Lay bets are settled the same way.',
      ],
    },
  ],
};

export const HANDBALL: RulesPanel = {
  title: 'Handball',
  sections: [
    {
      items: [
        'All markets are settled on the result at the end of regular time (60 minutes, including injury time) unless the market says otherwise. Extra time and 7-metre throw shoot-outs do not count.',
        'If a match is not played within 48 hours of the scheduled start, all bets are void.',
        'If a match is abandoned, bets on markets already decided stand; all other bets are void.',
        'Half markets are settled on the score at the end of the half concerned.',
      ],
    },
  ],
};

export const TABLE_TENNIS: RulesPanel = {
  title: 'Table Tennis',
  sections: [
    {
      items: [
        'The match winner market is settled on the player who wins the match, as declared by the official scorer.',
        'If a player retires, is disqualified or a walkover is awarded, bets on markets not yet decided are void. Markets already decided stand.',
        'If a match is not played within 24 hours of the scheduled start, all bets are void.',
        'Game handicap and total points markets need the match to be completed, otherwise they are void.',
        'A change of venue or table does not affect bets.',
      ],
    },
  ],
};

export const BASKETBALL: RulesPanel = {
  title: 'Basketball',
  sections: [
    {
      items: [
        'Match odds, handicap and total points markets include overtime unless the market says otherwise.',
        'Bets placed when 5 minutes or less of game time are left are settled as per the official result.',
        'If a match is stopped and not resumed with 5 minutes or less of game time left, the official result stands and bets are settled on it. If more than 5 minutes of game time remained, bets on markets not yet decided are void.',
        'Quarter and half markets are settled on the score of the quarter or half concerned; overtime counts towards the fourth quarter and the second half only if the market says so.',
        'If a match is not played within 24 hours of the scheduled start, all bets are void.',
      ],
    },
  ],
};

export const VOLLEYBALL: RulesPanel = {
  title: 'Vollyball',
  sections: [
    {
      items: [
        'The match winner market is settled on the team that wins the match. A golden set, where played, counts only for markets that name it.',
        'If a match is not completed, bets on markets not yet decided are void. Markets already decided (for example the first set winner) stand.',
        'Total points and set handicap markets need the match to be completed.',
        'If a match is not played within 24 hours of the scheduled start, all bets are void.',
      ],
    },
  ],
};

export const ICE_HOCKEY: RulesPanel = {
  title: 'Ice Hockey',
  sections: [
    {
      items: [
        'Match odds (1 X 2) are settled on the result at the end of regular time (60 minutes). Overtime and penalty shoot-outs do not count.',
        'Money line and "to qualify" markets include overtime and penalty shoot-outs.',
        'If a match is abandoned before the end of regular time, bets on markets not yet decided are void.',
        'Period markets are settled on the score of the period concerned.',
        'If a match is not played within 48 hours of the scheduled start, all bets are void.',
      ],
    },
  ],
};

export const FOOTBALL: RulesPanel = {
  title: 'Football',
  sections: [
    {
      items: [
        'Match odds are settled on the result at the end of regular time (90 minutes plus injury time). Extra time and penalty shoot-outs do not count unless the market says so.',
        'A match that is not played within 48 hours of the scheduled kick-off is void, and all bets on it are void.',
        'If a match is abandoned after kick-off and not completed within 48 hours, bets on markets not yet decided are void; markets already decided (for example first half result, or over/under goals already passed) stand.',
        'Own goals count for the team credited with the goal. Goals are settled as per the official match report.',
        'A change of venue does not affect bets unless the home and away teams are reversed, in which case bets are void.',
        'Tournament and league winner markets are settled on the official winner, including play-offs.',
      ],
    },
  ],
};

export const TENNIS: RulesPanel = {
  title: 'Tennis',
  sections: [
    {
      items: [
        'If a player retires or is disqualified, or a walkover is awarded, all unfinished markets are void. Markets already decided (for example the first set winner when the first set was completed) stand.',
        'Set betting, total games and game handicap markets need the match to be completed.',
        'A change of playing surface, venue or start time does not affect bets, as long as the match is played during the tournament.',
        'If a match is suspended and resumed later in the tournament, bets stand.',
        'Tie-breaks count as one game in total games markets.',
      ],
    },
  ],
};

export const SNOOKER: RulesPanel = {
  title: 'Snooker',
  sections: [
    {
      items: [
        'The match winner market is settled on the player who progresses to the next round or wins the final.',
        'If a match starts but is not completed, bets on markets not yet decided are void, unless a player concedes or is disqualified, in which case the opponent is the winner.',
        'Frame markets are settled on the winner of the named frame. If a frame is re-racked, bets stand on the frame that is completed; a conceded frame counts as won by the opponent.',
        'Total frames and frame handicap markets need the match to be completed over the scheduled distance.',
        'Highest break markets count only breaks made in the match concerned; foul points awarded do not count as part of a break.',
      ],
    },
  ],
};

export const E_GAMES: RulesPanel = {
  title: 'E-Games',
  sections: [
    {
      items: [
        'E-Games (esports and virtual sports) are settled on the official result published by the tournament organiser or the game provider.',
        'If a match is forfeited or a walkover is awarded before it starts, all bets are void.',
        'If a map or game is replayed (remake) for technical reasons, bets stand on the result of the replay.',
        'A change of player or line-up does not affect bets.',
        'Virtual matches are generated by the provider\u2019s random engine; the provider\u2019s recorded result is final.',
      ],
    },
  ],
};

export const FUTSAL: RulesPanel = {
  title: 'Fustal',
  sections: [
    {
      items: [
        'Futsal markets are settled on the result at the end of regular time (40 minutes of playing time). Extra time and penalties do not count unless the market says so.',
        'If a match is not played within 48 hours of the scheduled start, all bets are void.',
        'If a match is abandoned, bets on markets not yet decided are void; markets already decided stand.',
      ],
    },
  ],
};
