import { Link } from 'react-router';
import { useCupsForMenu } from '../api/cups';

/** Where a cup opens: its sport's match list (with live prices) narrowed to the cup's series. */
const cupPath = (cup: { sport_id: number; series_id: number }) =>
  `/all-sports/${cup.sport_id}?series=${cup.series_id}`;

/** The cups menu: one link per featured tournament (match/getCupsForMenu). */
export function CupsMenu() {
  const { data, isLoading, isError } = useCupsForMenu();
  if (isLoading) return <p className="sidebar__note">Loading…</p>;
  if (isError) return <p className="sidebar__note">Cups could not be loaded.</p>;
  if (!data?.length) return <p className="sidebar__note">No cups</p>;
  return (
    <ul className="sidebar__list">
      {data.map((cup) => (
        <li key={cup.cup_id}>
          <Link to={cupPath(cup)} className="sidebar__item" data-testid={`sidebar-cup-${cup.cup_id}`}>
            {cup.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
