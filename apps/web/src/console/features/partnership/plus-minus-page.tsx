import { useSearchParams } from 'react-router';
import { amountColumn, DataTable, signedColumn, SportSelect, type Column } from '@/console/components';
import type { DataOf } from '@exchange/contracts';
import { formatIst } from '@/lib/format';
import { useMatchChoices, useSports } from './api/match-choices';
import { usePlusMinus } from './api/plus-minus';
import { accountColumn, SIGNS_NOTE } from './report-columns';
import './partnership.css';

type PlusMinusRow = DataOf<'agentGetPlusMinusReport'>['rows'][number];

const COLUMNS: Column<PlusMinusRow>[] = [
  accountColumn(),
  signedColumn('match_pnl', 'Match P/L (+ bettors won)', (r) => r.match_pnl),
  signedColumn('session_pnl', 'Session P/L (+ bettors won)', (r) => r.session_pnl),
  amountColumn('commission', 'Commission (paid to bettors)', (r) => r.commission),
  signedColumn('net', 'Net (+ bettors won)', (r) => r.net),
  signedColumn('own_share', 'Your share (+ you won)', (r) => r.own_share),
  signedColumn('upline_share', 'Upline share (+ upline won)', (r) => r.upline_share),
];

const idIn = (params: URLSearchParams, name: string) => {
  const id = Number(params.get(name));
  return params.get(name) && Number.isInteger(id) ? id : null;
};

/** Sport, upcoming or finished, then the match: the choice lives in the address (`?sport=&finished=1&match=`). */
function MatchPicker({
  params,
  onChange,
}: {
  params: URLSearchParams;
  onChange: (next: Record<string, string>) => void;
}) {
  const sports = useSports();
  const sportId = idIn(params, 'sport') ?? sports.data?.[0]?.sport_id ?? null;
  const finished = params.get('finished') === '1';
  const matches = useMatchChoices(sportId, finished);
  const matchId = idIn(params, 'match');
  // A new sport or list lets the match go: it is in neither.
  const choose = (sport: number | null, listFinished: boolean, match = '') =>
    onChange({
      ...(sport !== null && { sport: String(sport) }),
      ...(listFinished && { finished: '1' }),
      ...(match && { match }),
    });
  return (
    <div className="filters" data-testid="plus-minus-picker">
      <SportSelect
        sports={sports.data}
        value={sportId}
        onChange={(sport) => choose(sport, finished)}
        testId="plus-minus-sport"
      />
      <label className="field field--inline">
        <span className="field__label">Matches</span>
        <select
          className="input"
          value={finished ? '1' : ''}
          onChange={(e) => choose(sportId, e.target.value === '1')}
          data-testid="plus-minus-finished"
        >
          <option value="">Upcoming and in play</option>
          <option value="1">Finished</option>
        </select>
      </label>
      <label className="field field--inline business-match">
        <span className="field__label">Match</span>
        <select
          className="input"
          value={matchId ?? ''}
          onChange={(e) => choose(sportId, finished, e.target.value)}
          disabled={!matches.data}
          data-testid="plus-minus-match"
        >
          <option value="">
            {matches.isFetching ? 'Loading…' : matches.data?.length === 0 ? 'No matches' : 'Choose a match'}
          </option>
          {matches.data?.map((m) => (
            <option key={m.match_id} value={m.match_id}>
              {m.match_name} · {formatIst(m.match_Date)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/**
 * Plus-minus (agent/getPlusMinusReport): one match, per direct account, the bettors' match and
 * session P&L, the commission, the net, the caller's share and what goes up, with totals; CSV.
 */
export function PlusMinusPage() {
  const [params, setParams] = useSearchParams();
  const matchId = idIn(params, 'match');
  const report = usePlusMinus(matchId);
  const data = report.data;
  return (
    <div className="business-page" data-testid="plus-minus-page">
      <div className="console-page__head">
        <h1>Plus-minus</h1>
        {data && (
          <span className="muted" data-testid="plus-minus-match-name">
            {data.match_name}
          </span>
        )}
      </div>
      <MatchPicker params={params} onChange={(next) => setParams(next)} />
      {matchId === null ? (
        <p className="console-card muted">Choose a match to see what each of your accounts made on it.</p>
      ) : (
        <>
          <p className="muted user-note">{SIGNS_NOTE}</p>
          <DataTable
            columns={COLUMNS}
            rows={data?.rows}
            rowKey={(r) => r.user_id}
            rowTestId={(r) => `plus-minus-row-${r.user_name}`}
            loading={report.isFetching}
            error={report.error}
            onRetry={report.refetch}
            empty="None of your accounts bet on this match."
            testId="plus-minus-table"
            cardsOnPhone
            csvName={`plus-minus-${matchId}`}
            totals={data && { label: 'Total', values: data.totals }}
          />
        </>
      )}
    </div>
  );
}
