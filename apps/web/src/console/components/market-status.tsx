import type { MarketKind, MarketStatus, MarketType } from '@exchange/contracts';

const STATUS_LABEL: Record<MarketStatus, string> = {
  INACTIVE: 'Inactive',
  OPEN: 'Open',
  SUSPENDED: 'Suspended',
  BALL_RUNNING: 'Ball running',
  CLOSED: 'Closed',
};

/** A market's status as a coloured tag; a settled market says so instead. */
export function MarketStatusTag({ status, settled = false, testId }: { status: MarketStatus; settled?: boolean; testId?: string }) {
  const key = settled ? 'settled' : status.toLowerCase();
  return (
    <span className={`market-tag market-tag--${key}`} data-testid={testId}>
      {settled ? 'Settled' : STATUS_LABEL[status]}
    </span>
  );
}

/** The kind of market in words: Match odds, Bookmaker, Fancy, Binary, Win, Place, Winner. */
export function marketKindLabel(kind: MarketKind, type: MarketType): string {
  if (type === 'BINARY') return 'Binary';
  if (kind === 'FANCY') return 'Fancy';
  if (kind === 'BOOKMAKER') return 'Bookmaker';
  return { MATCH_ODDS: 'Match odds', WIN: 'Win', PLACE: 'Place', WINNER: 'Winner' }[type as 'MATCH_ODDS'] ?? type;
}
