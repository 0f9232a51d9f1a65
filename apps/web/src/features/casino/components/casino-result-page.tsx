import type { CasinoRoundResult } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { DayField, PageFrame, Pager, TableScroll } from '@/components';
import { formatIst, istYmdDaysAgo } from '@/lib/format';
import { useCasinoGames } from '../api/casino-games';
import { useCasinoResult, type CasinoResultFilter } from '../api/casino-result';
import { CardRow } from './playing-card';
import { RoundModal } from './round-modal';
import './casino.css';

const PAGE_SIZE = 20;

/** report/casino-result: pick a game and a day; its rounds with cards, winner and proof. */
export function CasinoResultPage() {
  const games = useCasinoGames();
  const [draft, setDraft] = useState({ game_code: '', date: istYmdDaysAgo(0) });
  const [filter, setFilter] = useState<CasinoResultFilter>({
    game_code: '',
    date: draft.date,
    page: 1,
    limit: PAGE_SIZE,
  });
  const { data, isFetching, isError, error } = useCasinoResult(filter);
  const [open, setOpen] = useState<CasinoRoundResult | null>(null);
  const rounds = filter.game_code && data ? data.rounds : [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFilter({ ...filter, ...draft, page: 1 });
  };

  return (
    <PageFrame title="Casino Results" testId="casino-result-page">
      <form className="filters" onSubmit={submit} data-testid="casino-result-filters">
        <label className="field field--inline">
          <span className="field__label">Game</span>
          <select
            className="input"
            value={draft.game_code}
            onChange={(e) => setDraft({ ...draft, game_code: e.target.value })}
            required
            data-testid="casino-result-game"
          >
            <option value="">Select game</option>
            {(games.data ?? []).map((g) => (
              <option key={g.gamecode} value={g.gamecode}>
                {g.gamename}
              </option>
            ))}
          </select>
        </label>
        {/* dd/mm/yyyy like every date of the product, not the browser's own order. */}
        <DayField
          label="Date"
          value={draft.date}
          max={istYmdDaysAgo(0)}
          onChange={(date) => setDraft({ ...draft, date })}
          testId="casino-result-date"
        />
        <button
          type="submit"
          className="btn btn--primary"
          disabled={!draft.game_code || !draft.date}
          data-testid="casino-result-submit"
        >
          Submit
        </button>
        {!draft.date && <span className="field__error">Enter the date as dd/mm/yyyy</span>}
        {isFetching && <span className="muted">Loading…</span>}
      </form>
      <TableScroll label="Casino results">
        <table className="table" data-testid="casino-result-table">
          <thead>
            <tr>
              <th>Round ID</th>
              <th>Date</th>
              <th>Winner</th>
              <th>Cards</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rounds.length === 0 ? (
              <tr>
                <td colSpan={5} className="table__empty">
                  {isError && filter.game_code ? error.message : 'No data available in table'}
                </td>
              </tr>
            ) : (
              rounds.map((r) => (
                <tr key={r.roundId} data-testid="casino-result-row">
                  <td>
                    <button type="button" className="link-btn" onClick={() => setOpen(r)}>
                      {r.roundId}
                    </button>
                  </td>
                  <td className="nowrap">{formatIst(r.settledAt)}</td>
                  <td>
                    <strong>{r.winner}</strong>
                  </td>
                  <td>
                    <CardRow cards={r.cards} />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn--small"
                      onClick={() => setOpen(r)}
                      data-testid="casino-result-view"
                    >
                      Proof
                    </button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableScroll>
      <Pager
        page={filter.page}
        limit={filter.limit}
        total={filter.game_code ? (data?.total ?? 0) : 0}
        onPage={(page) => setFilter({ ...filter, page })}
        testId="casino-result-pager"
      />
      {open && <RoundModal round={open} onClose={() => setOpen(null)} />}
    </PageFrame>
  );
}
