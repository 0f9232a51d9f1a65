import type { CasinoRoundResult } from '@exchange/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import { DayField, PageFrame, Pager, ReportTable, type ReportColumn } from '@/components';
import { formatIst, istYmdDaysAgo } from '@/lib/format';
import { useCasinoGames } from '../api/casino-games';
import { useCasinoResult, type CasinoResultFilter } from '../api/casino-result';
import { CardRow } from './playing-card';
import { RoundModal } from './round-modal';
import './casino.css';

const PAGE_SIZE = 20;

/** Round, date, winner and cards; a round's proof opens in a modal. */
const resultColumns = (open: (r: CasinoRoundResult) => void): ReportColumn<CasinoRoundResult>[] => [
  {
    id: 'round',
    header: 'Round ID',
    cell: (r) => (
      <button type="button" className="link-btn" onClick={() => open(r)}>
        {r.roundId}
      </button>
    ),
  },
  { id: 'date', header: 'Date', cell: (r) => formatIst(r.settledAt), cellClass: () => 'nowrap' },
  { id: 'winner', header: 'Winner', cell: (r) => <strong>{r.winner}</strong> },
  { id: 'cards', header: 'Cards', wide: true, cell: (r) => <CardRow cards={r.cards} /> },
  {
    id: 'proof',
    header: 'Proof',
    cell: (r) => (
      <button
        type="button"
        className="btn btn--small"
        onClick={() => open(r)}
        data-testid="casino-result-view"
      >
        Proof
      </button>
    ),
  },
];

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
  const { data, isLoading, isFetching, isError, error } = useCasinoResult(filter);
  const [open, setOpen] = useState<CasinoRoundResult | null>(null);
  const columns = useMemo(() => resultColumns(setOpen), []);
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
      <ReportTable
        columns={columns}
        rows={rounds}
        rowKey={(r) => r.roundId}
        rowProps={() => ({ 'data-testid': 'casino-result-row' })}
        state={{
          loading: isLoading,
          loadingLabel: 'Loading results',
          error: isError && filter.game_code ? error : null,
        }}
        label="Casino results"
        testId="casino-result-table"
      />
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
