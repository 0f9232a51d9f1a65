import { useCallback, useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useSports } from '@/lib/sports';
import { sportTabs } from '../lib/link-rules';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `sports-nav__tab${isActive ? ' sports-nav__tab--active' : ''}`;

/** How far one arrow press scrolls: most of the visible row, so a tab cut at the edge comes in whole. */
const STEP_SHARE = 0.8;

/**
 * Home, INT Casino, then one tab per active sport, on one row that scrolls sideways at any width.
 * Where tabs lie beyond an edge, that edge fades and shows an arrow button, so every sport is
 * reachable by mouse, touch (swipe) and keyboard (a focused tab scrolls into view); the active
 * tab is kept in sight.
 */
export function SportsNav() {
  const { data } = useSports();
  const row = useRef<HTMLElement>(null);
  const [more, setMore] = useState({ before: false, after: false });
  const { pathname } = useLocation();

  const measure = useCallback(() => {
    const el = row.current;
    if (!el) return;
    const before = el.scrollLeft > 1;
    const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setMore((m) => (m.before === before && m.after === after ? m : { before, after }));
  }, []);

  useEffect(() => {
    const el = row.current;
    if (!el) return;
    measure();
    const resize = new ResizeObserver(measure);
    resize.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      resize.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [measure, data]);

  // The chosen sport stays in sight (e.g. E-Games chosen after scrolling, then a reload).
  useEffect(() => {
    row.current
      ?.querySelector('.sports-nav__tab--active')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname, data]);

  const scroll = (direction: 1 | -1) => {
    const el = row.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * STEP_SHARE, behavior: 'smooth' });
  };

  return (
    <div
      className={`sports-nav-wrap${more.before ? ' sports-nav-wrap--before' : ''}${more.after ? ' sports-nav-wrap--after' : ''}`}
    >
      <NavArrow edge="before" shown={more.before} onPress={() => scroll(-1)} />
      <nav className="sports-nav" aria-label="Sports" data-testid="sports-nav" ref={row}>
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
      <NavArrow edge="after" shown={more.after} onPress={() => scroll(1)} />
    </div>
  );
}

const ARROWS = {
  before: { label: 'Earlier sports', glyph: '‹' },
  after: { label: 'More sports', glyph: '›' },
} as const;

/** A pointer aid at one edge of the row; keyboard users reach every tab with Tab instead. */
function NavArrow({
  edge,
  shown,
  onPress,
}: {
  edge: keyof typeof ARROWS;
  shown: boolean;
  onPress: () => void;
}) {
  return (
    <button
      type="button"
      className={`sports-nav__arrow sports-nav__arrow--${edge}`}
      aria-label={ARROWS[edge].label}
      tabIndex={-1}
      hidden={!shown}
      onClick={onPress}
      data-testid={`sports-nav-${edge}`}
    >
      {ARROWS[edge].glyph}
    </button>
  );
}
