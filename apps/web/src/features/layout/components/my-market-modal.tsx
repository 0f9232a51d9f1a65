import { Link } from 'react-router';
import { Modal, Spinner, TableScroll } from '@/components';
import { formatAmount } from '@/lib/format';
import { useExposureDetail } from '../api/catalog';

/**
 * 'My Market' (bet/getExposureDetail): one row per market with open bets: the sport, the match
 * (a link to its page; races are forwarded to the racing page from there), the market, the
 * number of bets in it and the exposure they hold there (red, as the header's Exposure, which is
 * their sum).
 */
export function MyMarketModal({ onClose }: { onClose: () => void }) {
  const { data, isLoading, isError } = useExposureDetail();
  const rows = (data ?? []).flatMap((match) =>
    match.market_details.map((market) => ({ match, market, key: `${match.match_id}-${market.market_id}` })),
  );
  return (
    <Modal title="My Market" onClose={onClose} testId="my-market-modal" size="lg">
      {isLoading ? (
        <Spinner />
      ) : (
        <TableScroll label="My market">
          <table className="table">
            <thead>
              <tr>
                <th>Event Type</th>
                <th>Event Name</th>
                <th>Match Name</th>
                <th className="num">Trade</th>
                <th className="num">Exposure</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={5} className="table__empty">
                    {isError ? 'Could not load your markets' : 'No data available in table'}
                  </td>
                </tr>
              ) : (
                rows.map(({ match, market, key }) => (
                  <tr key={key} data-testid="my-market-row">
                    <td>{match.sport_name}</td>
                    <td>
                      <Link
                        to={`/game-details/${match.sport_id}/${match.match_id}`}
                        onClick={onClose}
                        data-testid="my-market-link"
                      >
                        {match.match_name}
                      </Link>
                    </td>
                    <td>{market.market_name}</td>
                    <td className="num">{market.bet_count}</td>
                    <td
                      className={`num${market.exposure > 0 ? ' loss' : ''}`}
                      data-testid="my-market-exposure"
                    >
                      {formatAmount(market.exposure)}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Modal>
  );
}
