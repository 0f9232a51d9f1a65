import type { RulesSection } from './types';

/** The site-wide rules (spec section 9, "General rules"); they head the Fancy, Fancy Market 1 and Match panels. */
export const GENERAL_RULES: RulesSection = {
  heading: 'General Rules',
  items: [
    'Any query about a result or a rate must be raised within 7 days of the event. Queries raised after 7 days will not be entertained.',
    'Bets deleted by the management are removed from the client\u2019s account within 24 hours, and the client is notified of the deletion.',
    'The company reserves the right to void any bet or suspend any ID found to be illegitimate, for example bets placed through a VPN, by robot use (automated software), by multiple entries from the same IP or by punching (placing bets after the event is known). In such cases only the winning bets are voided; losing bets stand.',
    'In case of any dispute or difference, the decision of the management is final and binding on all clients.',
    'Manual bets are not accepted under any circumstances. Only bets placed and confirmed through the site are valid.',
    'The live TV picture has a delay of about 5 seconds. Bets placed on the strength of the picture are at the client\u2019s own risk.',
    'Live scores, statistics and other data are supplied by third parties and may be delayed or inaccurate. The site does not take responsibility for them; bets are settled on the official result.',
    'If a match is abandoned or the overs are reduced, sessions and events that cannot be completed are settled on the average values listed for the ground or the event.',
    'If a wrong rate or line is offered by mistake (technical error or wrong commentary), bets placed at that rate or line will be cancelled, even after the result is declared.',
    'If the market stays open by a technical error after the result is known, all bets placed after the result will be deleted.',
    'A bet placed on the wrong market or selection by the client will not be changed or deleted; it stands as placed.',
  ],
};

/** Average values per ground used for abandoned matches or reduced overs (limited-overs cricket). */
export const GROUND_AVERAGES: RulesSection = {
  heading: 'Average Values Per Ground (abandoned match or reduced overs)',
  items: [
    'First over total runs: about 5 to 6 runs, depending on the ground.',
    'First 6 overs total runs: 44 to 46 runs, depending on the ground.',
    'Total match fours: 24 to 28 fours, depending on the ground.',
    'Total match sixes: 9 to 12 sixes, depending on the ground.',
    'Total match wickets: 12 wickets.',
    'Total match wides: 8 to 9 wides, depending on the ground.',
    'Total match extras: 13 to 16 extras, depending on the ground.',
    'Total match runs: 310 to 340 runs, depending on the ground.',
    'The average of the ground where the match is played applies; the list of ground averages is available from the management on request.',
  ],
};

/** Test-match minimums for sessions and events. */
export const TEST_MATCH_RULES: RulesSection = {
  heading: 'Test Match Rules',
  items: [
    'Test match fancies need at least 70 overs to be bowled in the innings concerned, unless the innings is completed earlier (all out or declared). Otherwise the bets are void.',
    'First day session fancies (1st, 2nd and 3rd session of day one) need at least 25 overs to be bowled in that session, otherwise the session is void.',
    'First day total runs needs at least 80 overs to be bowled on the first day, otherwise all bets are void.',
    'Lambi (innings total runs) in a test match needs at least 70 overs to be bowled in that innings, unless the team is all out or declares.',
    'All other test match events (match total fours, sixes, wides, extras, top batsman and similar) need at least 300 overs to be bowled in the match, otherwise they are void.',
    'If a test match ends early with a result, events already decided are settled; the rest are settled as per the rules above.',
  ],
};

/** Player and bowler events (all formats). */
export const PLAYER_EVENT_RULES: RulesSection = {
  heading: 'Player And Bowler Events',
  items: [
    'A bowler event (bowler runs conceded, bowler wickets, best bowler) needs at least 32 overs to be bowled in the match. If fewer overs are bowled, bowler events are void.',
    'Player runs sessions stand once the player has faced a ball; if the player is retired hurt, the runs scored at retirement are the result.',
    'A player who is not in the playing 11 for 3 consecutive matches is deleted from the tournament player events, and all bets on that player are void.',
    'If the named player does not come out to bat (player runs) or does not bowl (bowler events), bets on that event are void.',
  ],
};
