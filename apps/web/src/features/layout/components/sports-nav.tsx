import { NavLink } from 'react-router';
import { useSports } from '../api/catalog';
import { sportTabs } from '../lib/link-rules';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `sports-nav__tab${isActive ? ' sports-nav__tab--active' : ''}`;

/** Home, INT Casino, then one tab per active sport; scrolls sideways on a phone. */
export function SportsNav() {
  const { data } = useSports();
  return (
    <nav className="sports-nav" aria-label="Sports" data-testid="sports-nav">
      <NavLink to="/home" className={tabClass} data-testid="nav-home">
        Home
      </NavLink>
      <NavLink to="/casino/mac88" className={tabClass} data-testid="nav-int-casino">
        INT Casino
      </NavLink>
      {sportTabs(data ?? []).map((s) => (
        <NavLink
          key={s.sport_id}
          to={`/all-sports/${s.sport_id}`}
          className={tabClass}
          data-testid={`nav-sport-${s.sport_id}`}
        >
          {s.name}
        </NavLink>
      ))}
    </nav>
  );
}
