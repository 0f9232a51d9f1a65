import { raceStateLabel, SPORT, type MarketView, type Venue } from '@exchange/contracts';
import { Fragment, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { MatchStateBadge, PageFrame, Spinner } from '@/components';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { BetSlipProvider, type BettingSlots } from '@/lib/bet-slip';
import { formatIst, istTime } from '@/lib/format';
import { useMatchDetail } from '@/lib/match-detail';
import { useVenueList, useVenueListFollows } from '../api/get-venue-list';
import {
  orderCountries,
  pickRace,
  raceChipModifier,
  raceDays,
  raceEmptyText,
  racingSportId,
  routeDay,
  venuePath,
} from '../lib/racing';
import './racing.css';

const countryName = (() => {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return (code: string) => {
    try {
      return names.of(code) ?? code;
    } catch {
      return code;
    }
  };
})();

/** A chip or tab's class with its race's state modifier (ADR 27, races): the server's state, not the clock. */
const chipClass = (base: string, race: Venue['races'][number]) => {
  const modifier = raceChipModifier(race.state);
  return modifier ? ` ${base}--${modifier}` : '';
};

/** The race's WIN market first, then PLACE. */
const raceMarkets = (markets: readonly MarketView[], raceId: number) =>
  markets
    .filter((m) => m.race_id === raceId && m.kind === 'EXCHANGE')
    .sort((a, b) => Number(a.market_type !== 'WIN') - Number(b.market_type !== 'WIN'));

/** The betting UI of the racing page, composed by the app (ADR 29). */
export interface HorseRacingSlots extends BettingSlots {
  /** One race market's ladder (WIN or PLACE) of the meeting `matchId`. */
  raceMarket: (market: MarketView, matchId: number) => ReactNode;
  /** The one-click betting switch, shown above a race's markets (ADR 53). */
  oneClickBar: ReactNode;
}

/** The open venue: its races as tabs (IST times) and the chosen race card with its WIN and PLACE markets. */
function VenueRaces({
  venue,
  date,
  markets,
  raceMarket,
  oneClickBar,
}: {
  venue: Venue;
  date: string;
  markets: readonly MarketView[];
  raceMarket: HorseRacingSlots['raceMarket'];
  oneClickBar: ReactNode;
}) {
  const [params] = useSearchParams();
  const asked = params.get('race');
  const race = pickRace(venue.races, asked == null ? null : Number(asked));
  return (
    <section className="race-card" data-testid="race-card">
      <h2 className="race-card__venue">
        {venue.venue} <span className="race-card__country">{countryName(venue.country_code)}</span>{' '}
        <MatchStateBadge match={{ state: venue.state, result: null }} />
      </h2>
      {venue.races.length === 0 ? (
        <p className="racing-empty">No races at this venue on this day</p>
      ) : (
        <>
          <nav className="race-tabs" aria-label="Races">
            {venue.races.map((r) => (
              <Link
                key={r.race_id}
                to={venuePath(venue.match_id, date, r.race_id)}
                replace
                className={`race-tabs__tab${r === race ? ' race-tabs__tab--active' : ''}${chipClass('race-tabs__tab', r)}`}
                aria-current={r === race ? 'page' : undefined}
                data-testid={`race-tab-${r.race_id}`}
                data-state={r.state}
                title={`${r.name} · ${raceStateLabel(r)}`}
              >
                {istTime(r.market_start_time)}
              </Link>
            ))}
          </nav>
          {race && (
            <div className="race-card__race" data-testid="race-detail">
              <div className="race-card__head">
                <span className="race-card__time">{istTime(race.market_start_time)}</span>
                <span className="race-card__name" data-testid="race-name">
                  {race.name}
                </span>
                <span
                  className={`race-state race-state--${race.state.toLowerCase()}`}
                  data-testid="race-state"
                  data-state={race.state}
                >
                  {raceStateLabel(race)}
                </span>
              </div>
              <p className="race-card__start">Start: {formatIst(race.market_start_time)} (IST)</p>
              {raceMarkets(markets, race.race_id).length > 0 && oneClickBar}
              {raceMarkets(markets, race.race_id).map((m) => (
                <Fragment key={m.market_id}>{raceMarket(m, venue.match_id)}</Fragment>
              ))}
              {raceMarkets(markets, race.race_id).length === 0 && (
                <div className="racing-empty racing-empty--box" data-testid="race-markets-empty">
                  {raceEmptyText(race)}
                </div>
              )}
            </div>
          )}
        </>
      )}
    </section>
  );
}

/**
 * /horse-racing/:match_id/:date: country tabs, IST day tabs, the venues of that day with their
 * race times, and the venue of the route opened on one race.
 */
export function HorseRacingPage({ slip, myBets, raceMarket, oneClickBar }: HorseRacingSlots) {
  const { match_id, date: dateParam } = useParams();
  const matchId = Number(match_id);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const date = routeDay(dateParam);
  const match = useMatchDetail(matchId);
  const mobile = useIsMobile();
  const sportId = racingSportId(match.data?.sport_id, params.get('sport_id'));
  const detailSettled = !Number.isInteger(matchId) || !match.isLoading;
  const venues = useVenueList(sportId, date, detailSettled);
  useVenueListFollows(match.data?.markets ?? []);
  const [chosenCountry, setChosenCountry] = useState<string | null>(null);

  const list = venues.data?.venues ?? [];
  const countries = orderCountries([...(venues.data?.countries ?? []), ...list.map((v) => v.country_code)]);
  const openVenue = list.find((v) => v.match_id === matchId);
  const country =
    (chosenCountry && countries.includes(chosenCountry) ? chosenCountry : null) ??
    openVenue?.country_code ??
    countries[0];
  const shown = list.filter((v) => v.country_code === country);
  const title = sportId === SPORT.GREYHOUND_RACING ? 'Greyhound Racing' : 'Horse Racing';

  return (
    <BetSlipProvider oneClick>
      <PageFrame title={title} testId="horse-racing-page">
        {countries.length > 0 && (
          <div className="racing-tabs" role="tablist" aria-label="Countries">
            {countries.map((c) => (
              <button
                key={c}
                type="button"
                role="tab"
                aria-selected={c === country}
                title={countryName(c)}
                className={`racing-tabs__tab${c === country ? ' racing-tabs__tab--active' : ''}`}
                onClick={() => setChosenCountry(c)}
                data-testid={`racing-country-${c}`}
              >
                {c}
              </button>
            ))}
          </div>
        )}
        <div className="racing-days" role="tablist" aria-label="Days">
          {raceDays(date).map((d) => (
            <button
              key={d.date}
              type="button"
              role="tab"
              aria-selected={d.date === date}
              className={`racing-days__tab${d.date === date ? ' racing-days__tab--active' : ''}`}
              onClick={() => navigate(venuePath(matchId, d.date))}
              data-testid={`racing-date-${d.date}`}
            >
              {d.label}
            </button>
          ))}
        </div>

        {venues.error ? (
          <p className="racing-error" role="alert" data-testid="load-error">
            {venues.error.message}
          </p>
        ) : !venues.data ? (
          <Spinner />
        ) : (
          <div className="racing-layout">
            <div className="racing-layout__race">
              {openVenue ? (
                <VenueRaces
                  venue={openVenue}
                  date={date}
                  markets={match.data?.markets ?? []}
                  raceMarket={raceMarket}
                  oneClickBar={oneClickBar}
                />
              ) : (
                <p className="racing-empty racing-empty--box" data-testid="race-pick-venue">
                  {list.length ? 'Choose a venue to see its races.' : 'No data available in table'}
                </p>
              )}
            </div>
            {openVenue && !mobile && (
              <aside className="racing-layout__side">
                {slip}
                {myBets(openVenue.match_id)}
              </aside>
            )}
            {shown.length > 0 && (
              <ul className="venue-list" data-testid="venue-list">
                {shown.map((v) => (
                  <li
                    key={v.match_id}
                    className={`venue-list__item${v === openVenue ? ' venue-list__item--open' : ''}`}
                    data-testid="venue-item"
                  >
                    <Link to={venuePath(v.match_id, date)} className="venue-list__name">
                      {v.venue}
                    </Link>{' '}
                    <MatchStateBadge match={{ state: v.state, result: null }} />
                    <div className="venue-list__races">
                      {v.races.map((r) => (
                        <Link
                          key={r.race_id}
                          to={venuePath(v.match_id, date, r.race_id)}
                          className={`venue-list__chip${chipClass('venue-list__chip', r)}`}
                          title={`${r.name} · ${raceStateLabel(r)}`}
                          data-state={r.state}
                        >
                          {istTime(r.market_start_time)}
                        </Link>
                      ))}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        {openVenue && mobile && myBets(openVenue.match_id)}
      </PageFrame>
    </BetSlipProvider>
  );
}
