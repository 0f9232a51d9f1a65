import { resultBadge, type CasinoRoundResult } from '@exchange/contracts';
import { useState } from 'react';
import { useCasinoResult } from '../api/casino-result';
import { resultTone } from '../lib/casino-games';
import { RoundModal } from './round-modal';

const LAST_RESULTS = 10;
const REFRESH_MS = 15_000;

/** The last 10 results of a game as badges; a click opens that round's cards. */
export function LastResults({ gameCode }: { gameCode: string }) {
  const { data, isError } = useCasinoResult(
    { game_code: gameCode, date: '', page: 1, limit: LAST_RESULTS },
    { refetchIntervalMs: REFRESH_MS },
  );
  const [open, setOpen] = useState<CasinoRoundResult | null>(null);
  const rounds = data?.rounds ?? [];
  return (
    <section className="last-results" data-testid="last-results">
      <h2 className="last-results__title">Last Result</h2>
      {rounds.length === 0 ? (
        <p className="muted">{isError ? 'Results are not available right now' : 'No results yet'}</p>
      ) : (
        <div className="last-results__badges">
          {rounds.map((r) => (
            <button
              key={r.roundId}
              type="button"
              className={`result-badge result-badge--${resultTone(r.winner)}`}
              title={`Round ${r.roundId}: ${r.winner}`}
              onClick={() => setOpen(r)}
              data-testid="last-result"
            >
              {resultBadge(r.winner)}
            </button>
          ))}
        </div>
      )}
      {open && <RoundModal round={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
