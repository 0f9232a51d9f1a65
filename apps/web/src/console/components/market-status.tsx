import type { MarketKind, MarketStatus, MarketType } from '@exchange/contracts';
import { Badge } from './badge';

const STATUS: Record<MarketStatus, { label: string; tone: 'ok' | 'warn' | 'bad' | 'muted' }> = {
  INACTIVE: { label: 'Inactive', tone: 'muted' },
  OPEN: { label: 'Open', tone: 'ok' },
  SUSPENDED: { label: 'Suspended', tone: 'bad' },
  BALL_RUNNING: { label: 'Ball running', tone: 'warn' },
  CLOSED: { label: 'Closed', tone: 'muted' },
};

/** A market's status as a badge; a settled market says so instead. */
export function MarketStatusTag({
  status,
  settled = false,
  testId,
}: {
  status: MarketStatus;
  settled?: boolean;
  testId?: string;
}) {
  const { label, tone } = settled ? { label: 'Settled', tone: 'muted' as const } : STATUS[status];
  return (
    <Badge tone={tone} testId={testId}>
      {label}
    </Badge>
  );
}

/** The kind of market in words: Match odds, Bookmaker, Fancy, Binary, Win, Place, Winner. */
export function marketKindLabel(kind: MarketKind, type: MarketType): string {
  if (type === 'BINARY') return 'Binary';
  if (kind === 'FANCY') return 'Fancy';
  if (kind === 'BOOKMAKER') return 'Bookmaker';
  return (
    { MATCH_ODDS: 'Match odds', WIN: 'Win', PLACE: 'Place', WINNER: 'Winner' }[type as 'MATCH_ODDS'] ?? type
  );
}
