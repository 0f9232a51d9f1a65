import { Badge } from './badge';

/** A user's locks as labels: Active, or Login locked and / or Bet locked. */
export function LockBadges({ login_locked, bet_locked }: { login_locked: boolean; bet_locked: boolean }) {
  if (!login_locked && !bet_locked) return <Badge tone="ok">Active</Badge>;
  return (
    <>
      {login_locked && <Badge tone="bad">Login locked</Badge>}
      {bet_locked && <Badge tone="warn">Bet locked</Badge>}
    </>
  );
}
