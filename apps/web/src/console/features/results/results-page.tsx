import type { OperatorMarket, OperatorMatch } from '@exchange/contracts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  DataTable,
  marketKindLabel,
  MarketStatusTag,
  SearchBox,
  useServerPaging,
  type Column,
} from '@/console/components';
import { useOperatorMatch } from '@/console/lib/operator-match';
import { useDebounced } from '@/hooks/use-debounced';
import { formatIst } from '@/lib/format';
import type { SettlementAction } from './api/settle-market';
import { useMatchMarkets } from './api/match-markets';
import { useResultsMatches } from './api/results-matches';
import { MarketBetsDialog } from './market-bets-dialog';
import { RemoveRunnerDialog } from './remove-runner-dialog';
import { SettlementDialog } from './settlement-dialog';
import './results.css';

const SEARCH_DELAY_MS = 300;

/** A settled market's result in words; '' while open. */
function resultOf(m: OperatorMarket): string {
  const r = m.result;
  if (!r) return '';
  if (r.kind === 'VOID') return 'Void';
  if (r.kind === 'RUNS') return `${r.runs}`;
  return m.runners
    .filter((x) => r.winner_ids.includes(x.selection_id))
    .map((x) => x.name)
    .join(', ');
}

type Open = { market: OperatorMarket; what: SettlementAction | 'nonrunner' | 'bets' } | null;

/** A match's markets with their results and what can be done to each. */
function MatchMarkets({ matchId }: { matchId: number }) {
  const match = useOperatorMatch(matchId);
  const markets = useMatchMarkets(matchId);
  const [open, setOpen] = useState<Open>(null);
  const act = (market: OperatorMarket, what: NonNullable<Open>['what']) => setOpen({ market, what });

  const columns: Column<OperatorMarket>[] = [
    { key: 'name', header: 'Market', value: (m) => m.name },
    {
      key: 'result',
      header: 'Result',
      value: resultOf,
      render: (m) => (
        <span data-testid={`result-${m.market_id}`}>
          {resultOf(m) || <span className="muted">Awaiting</span>}
        </span>
      ),
    },
    {
      key: 'actions',
      header: '',
      sortable: false,
      value: () => null,
      render: (m) => {
        const id = m.market_id;
        const runners = m.kind !== 'FANCY';
        return (
          <span className="results-actions">
            {m.result === null ? (
              <>
                <button
                  type="button"
                  className="btn btn--small btn--primary"
                  onClick={() => act(m, 'declare')}
                  data-testid={`declare-${id}`}
                >
                  Declare
                </button>
                <button
                  type="button"
                  className="btn btn--small"
                  onClick={() => act(m, 'void')}
                  data-testid={`void-${id}`}
                >
                  Void
                </button>
                {runners && (
                  <button
                    type="button"
                    className="btn btn--small"
                    onClick={() => act(m, 'nonrunner')}
                    data-testid={`nonrunner-${id}`}
                  >
                    Non-runner
                  </button>
                )}
              </>
            ) : (
              <button
                type="button"
                className="btn btn--small btn--danger"
                onClick={() => act(m, 'rollback')}
                data-testid={`rollback-${id}`}
              >
                Roll back
              </button>
            )}
            <button
              type="button"
              className="btn btn--small"
              onClick={() => act(m, 'bets')}
              data-testid={`bets-${id}`}
            >
              Bets
            </button>
          </span>
        );
      },
    },
    { key: 'kind', header: 'Kind', value: (m) => marketKindLabel(m.kind, m.market_type) },
    {
      key: 'status',
      header: 'Status',
      value: (m) => (m.result ? 'SETTLED' : m.status),
      render: (m) => (
        <MarketStatusTag
          status={m.status}
          settled={m.result !== null}
          testId={`result-status-${m.market_id}`}
        />
      ),
    },
    {
      key: 'settled',
      header: 'Settled (IST)',
      value: (m) => m.result?.settled_at ?? '',
      render: (m) => <span className="nowrap">{formatIst(m.result?.settled_at)}</span>,
    },
    { key: 'orders', header: 'Unmatched', value: (m) => m.open_orders, numeric: true },
  ];
  const m = match.data;
  const close = () => setOpen(null);
  return (
    <section className="console-card" data-testid="results-markets">
      <div className="console-page__head">
        <h2 data-testid="results-match-name">{m ? m.match_name : `Match ${matchId}`}</h2>
        {m && (
          <span className="muted">
            {m.sport_name} · {formatIst(m.start_time)} IST
          </span>
        )}
        <div className="console-page__actions">
          <Link to={`/catalog/match/${matchId}`} className="btn btn--small">
            Markets screen
          </Link>
        </div>
      </div>
      <DataTable
        cardsOnPhone
        columns={columns}
        rows={markets.data}
        rowKey={(x) => x.market_id}
        rowTestId={(x) => `result-row-${x.market_id}`}
        loading={markets.isFetching}
        error={markets.error}
        onRetry={markets.refetch}
        empty="No markets on this match"
        testId="results-markets-table"
      />
      {open && (open.what === 'declare' || open.what === 'void' || open.what === 'rollback') && (
        <SettlementDialog market={open.market} action={open.what} onClose={close} />
      )}
      {open?.what === 'nonrunner' && <RemoveRunnerDialog market={open.market} onClose={close} />}
      {open?.what === 'bets' && <MarketBetsDialog market={open.market} onClose={close} />}
    </section>
  );
}

/**
 * Results (route results): find the match by name (finished ones too), then declare, void, roll
 * back and declare again, remove a non-runner, or void a bet, each with its confirmation. The
 * match picked is in the address (?match=), so the markets screen links here.
 */
export function ResultsPage() {
  const [params, setParams] = useSearchParams();
  const matchId = Number(params.get('match')) || null;
  const [search, setSearch] = useState('');
  const { page, limit, first, paging } = useServerPaging();
  const query = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const body = { ...(query ? { search: query } : {}), include_finished: true, page, limit };
  const matches = useResultsMatches(body);

  const columns: Column<OperatorMatch>[] = [
    {
      key: 'name',
      header: 'Match',
      value: (x) => x.match_name,
      render: (x) => (
        <button
          type="button"
          className="link-button"
          onClick={() => setParams({ match: String(x.match_id) })}
          aria-pressed={x.match_id === matchId}
          data-testid={`results-match-${x.match_id}`}
        >
          {x.match_name}
        </button>
      ),
    },
    { key: 'sport', header: 'Sport', value: (x) => x.sport_name },
    {
      key: 'start',
      header: 'Start (IST)',
      value: (x) => x.start_time,
      render: (x) => <span className="nowrap">{formatIst(x.start_time)}</span>,
    },
    { key: 'open', header: 'Open markets', value: (x) => x.open_markets, numeric: true },
  ];
  return (
    <div data-testid="results-page">
      <div className="console-page__head">
        <h1>Results</h1>
      </div>
      {matchId !== null && <MatchMarkets key={matchId} matchId={matchId} />}
      <section className="console-card">
        <h2>{matchId === null ? 'Pick a match' : 'Another match'}</h2>
        <DataTable
          cardsOnPhone
          columns={columns}
          rows={matches.data?.rows}
          rowKey={(x) => x.match_id}
          rowTestId={(x) => `results-match-row-${x.match_id}`}
          loading={matches.isFetching}
          error={matches.error}
          onRetry={matches.refetch}
          empty={query ? `No match matches “${query}”` : 'No matches'}
          testId="results-matches"
          paging={paging(matches.data?.total)}
          tools={
            <SearchBox
              value={search}
              onSearch={(text) => (setSearch(text), first())}
              placeholder="Match name"
              label="Search matches by name"
              testId="results-search"
            />
          }
        />
      </section>
    </div>
  );
}
