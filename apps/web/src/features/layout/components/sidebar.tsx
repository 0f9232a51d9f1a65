import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useSeriesHeader } from '../api/catalog';
import { CupsMenu } from './cups-menu';

/**
 * Left column (a drawer on a phone): live card games under 'Others' (`cardGames`, the casino's
 * list, passed in by the app), the cups, then the All Sports tree.
 */
export function Sidebar({
  open,
  onClose,
  cardGames,
}: {
  open: boolean;
  onClose: () => void;
  cardGames: ReactNode;
}) {
  return (
    <>
      {open && <div className="drawer-backdrop" onClick={onClose} data-testid="sidebar-backdrop" />}
      <aside
        className={`sidebar${open ? ' sidebar--open' : ''}`}
        data-testid="sidebar"
        aria-label="Games and sports"
      >
        <div className="sidebar__drawer-head">
          <span>Menu</span>
          <button
            type="button"
            className="icon-btn"
            aria-label="Close menu"
            onClick={onClose}
            data-testid="sidebar-close"
          >
            ✕
          </button>
        </div>
        <Section title="Others" testId="sidebar-others">
          {cardGames}
        </Section>
        <Section title="Cups" testId="sidebar-cups">
          <CupsMenu />
        </Section>
        <AllSportsSection />
      </aside>
    </>
  );
}

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  return (
    <section className="sidebar__section" data-testid={testId}>
      <button
        type="button"
        className="sidebar__heading"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {title}
        <span className="sidebar__chevron" aria-hidden="true">
          {open ? '−' : '+'}
        </span>
      </button>
      {open && children}
    </section>
  );
}

function AllSportsSection() {
  const { data, isLoading, isError } = useSeriesHeader();
  const [openSport, setOpenSport] = useState<number | null>(null);
  const [openSeries, setOpenSeries] = useState<number | null>(null);
  return (
    <Section title="All Sports" testId="sidebar-all-sports">
      {isLoading && <p className="sidebar__note">Loading…</p>}
      {isError && <p className="sidebar__note">Sports could not be loaded.</p>}
      <ul className="sidebar__list">
        {data?.map((sport) => (
          <li key={sport.sport_id}>
            <button
              type="button"
              className="sidebar__item sidebar__item--sport"
              aria-expanded={openSport === sport.sport_id}
              onClick={() => setOpenSport((s) => (s === sport.sport_id ? null : sport.sport_id))}
              data-testid={`sidebar-sport-${sport.sport_id}`}
            >
              <span className="sidebar__toggle" aria-hidden="true">
                {openSport === sport.sport_id ? '−' : '+'}
              </span>
              {sport.name}
            </button>
            {openSport === sport.sport_id && (
              <ul className="sidebar__list sidebar__list--nested">
                {sport.series.length === 0 && <li className="sidebar__note">No series</li>}
                {sport.series.map((series) => (
                  <li key={series.series_id}>
                    <button
                      type="button"
                      className="sidebar__item sidebar__item--series"
                      aria-expanded={openSeries === series.series_id}
                      onClick={() => setOpenSeries((s) => (s === series.series_id ? null : series.series_id))}
                      data-testid={`sidebar-series-${series.series_id}`}
                    >
                      <span className="sidebar__toggle" aria-hidden="true">
                        {openSeries === series.series_id ? '−' : '+'}
                      </span>
                      {series.name}
                    </button>
                    {openSeries === series.series_id && (
                      <ul className="sidebar__list sidebar__list--nested">
                        {series.matches.map((m) => (
                          <li key={m.match_id}>
                            <Link
                              to={`/game-details/${sport.sport_id}/${m.match_id}`}
                              className="sidebar__item sidebar__item--match"
                              data-testid={`sidebar-match-${m.match_id}`}
                            >
                              {m.in_play && <span className="live-dot" aria-label="In-Play" />}
                              {m.match_name}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
