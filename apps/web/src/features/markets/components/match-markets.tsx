import { SPORT, type MatchDetail } from '@exchange/contracts';
import type { ReactNode } from 'react';
import { FancyMarkets } from './fancy-markets';
import { OneClickBar } from './one-click-bar';
import { RunnersMarket } from './runners-market';

/**
 * A match's markets in the usual order: Match Odds (exchange), Bookmaker, the fancy lines, binary
 * sessions, under the one-click switch where the page offers it. `inlineSlip` is the bet slip a
 * phone shows under the picked runner or line.
 */
export function MatchMarkets({ match, inlineSlip }: { match: MatchDetail; inlineSlip?: ReactNode }) {
  const exchange = match.markets.filter((m) => m.kind === 'EXCHANGE');
  const bookmaker = match.markets.filter((m) => m.kind === 'BOOKMAKER');
  const fancy = match.markets.filter((m) => m.kind === 'FANCY' && m.market_type !== 'BINARY');
  const binary = match.markets.filter((m) => m.market_type === 'BINARY');
  if (match.markets.length === 0) {
    return (
      <div className="empty-box" data-testid="markets-empty">
        No markets open for this match yet
      </div>
    );
  }
  return (
    <div className="match-markets" data-testid="match-markets">
      <OneClickBar />
      {exchange.map((m) => (
        <RunnersMarket
          key={m.market_id}
          market={m}
          matchId={match.match_id}
          rules={match.sport_id === SPORT.POLITICS ? 'Politics' : 'Match'}
          matchState={match.state}
          inlineSlip={inlineSlip}
        />
      ))}
      {bookmaker.map((m) => (
        <RunnersMarket
          key={m.market_id}
          market={m}
          matchId={match.match_id}
          rules="Bookmaker"
          matchState={match.state}
          inlineSlip={inlineSlip}
        />
      ))}
      <FancyMarkets markets={fancy} matchId={match.match_id} inlineSlip={inlineSlip} />
      <FancyMarkets markets={binary} matchId={match.match_id} title="Binary" inlineSlip={inlineSlip} />
    </div>
  );
}
