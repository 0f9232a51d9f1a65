import { Fragment, useState } from 'react';
import { DateRangeForm, PageFrame, TableScroll, TableStateRow, type DayRange } from '@/components';
import { formatAmount, formatIst, istYmdDaysAgo } from '@/lib/format';
import { useProfitLoss } from '../api/profit-loss';
import { groupBySport, pnlClass } from '../lib/profit-loss';
import './reports.css';

/** The report opens on the last 7 days (IST), like the statement. */
const DEFAULT_DAYS = 7;
const COLUMNS = 5;

const Amount = ({ value, testId }: { value: number; testId?: string }) => (
  <span className={pnlClass(value)} data-testid={testId}>
    {formatAmount(value)}
  </span>
);

/**
 * report/profit-loss: the caller's settled markets of a period under their sport, each sport with
 * its subtotal, and the period's total; net is after commission.
 */
export function ProfitLossPage() {
  const [range, setRange] = useState<DayRange>(() => ({
    from_date: istYmdDaysAgo(DEFAULT_DAYS),
    to_date: istYmdDaysAgo(0),
  }));
  const { data, isLoading, isFetching, isError, error, refetch } = useProfitLoss(range);
  const sports = data ? groupBySport(data) : [];

  return (
    <PageFrame title="Profit & Loss" testId="profit-loss-page">
      <DateRangeForm
        initial={range}
        onSubmit={setRange}
        testIdPrefix="profit-loss"
        busy={isFetching && !isLoading}
      />
      <TableScroll label="Profit and loss">
        <table className="table report-table" data-testid="profit-loss-table">
          <thead>
            <tr>
              <th>Market</th>
              <th>Settled</th>
              <th className="num">P&amp;L</th>
              <th className="num">Commission</th>
              <th className="num">Net</th>
            </tr>
          </thead>
          <tbody>
            <TableStateRow
              columns={COLUMNS}
              loading={isLoading}
              loadingLabel="Loading profit and loss"
              empty={sports.length === 0}
              error={isError ? error : null}
              onRetry={refetch}
            />
            {!isLoading &&
              sports.map((sport) => (
                <Fragment key={sport.sport_id}>
                  <tr className="report-table__group" data-testid={`profit-loss-sport-${sport.sport_id}`}>
                    <th>{sport.sport_name}</th>
                    <th />
                    <th className="num">
                      <Amount value={sport.pnl} />
                    </th>
                    <th className="num">{formatAmount(sport.commission)}</th>
                    <th className="num">
                      <Amount value={sport.net} testId={`profit-loss-sport-net-${sport.sport_id}`} />
                    </th>
                  </tr>
                  {sport.markets.map((m) => (
                    <tr key={m.market_id} data-testid="profit-loss-row" data-market-id={m.market_id}>
                      <td>
                        <div>{m.market_name}</div>
                        <div className="muted report-table__sub">{m.match_name}</div>
                      </td>
                      <td className="nowrap">{formatIst(m.settled_at)}</td>
                      <td className="num">
                        <Amount value={m.pnl} />
                      </td>
                      <td className="num">{formatAmount(m.commission)}</td>
                      <td className="num">
                        <Amount value={m.net} testId={`profit-loss-net-${m.market_id}`} />
                      </td>
                    </tr>
                  ))}
                </Fragment>
              ))}
          </tbody>
          {data && data.rows.length > 0 && (
            <tfoot>
              <tr data-testid="profit-loss-total">
                <th colSpan={2}>Total</th>
                <th className="num">
                  <Amount value={data.total.pnl} />
                </th>
                <th className="num">{formatAmount(data.total.commission)}</th>
                <th className="num">
                  <Amount value={data.total.net} testId="profit-loss-total-net" />
                </th>
              </tr>
            </tfoot>
          )}
        </table>
      </TableScroll>
    </PageFrame>
  );
}
