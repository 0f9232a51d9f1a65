import type { CurrentBet, MarketView, RunnerView } from '@exchange/contracts';
import { LADDER_SIZE } from '@exchange/engine';
import { memo, useCallback, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { refreshBalance, setBalance } from '@/lib/balance';
import { refreshAfterBet } from '@/lib/bet-changes';
import { placedText, runnerPick, usePlaceBet, type SlipSide } from '@/lib/bet-slip';
import { fetchData } from '@/lib/api';
import { useButtonValues } from '@/lib/button-values';
import { formatAmount, formatOdds, formatRupees, formatSize } from '@/lib/format';
import { useMatchBets } from '@/lib/match-bets';
import { useLadder } from '../api/ladder';
import {
  centreTickOf,
  hundredths,
  levelsByTick,
  matchedRunnerBets,
  oddsOfTick,
  profitIfClosed,
  runnerPosition,
  visibleTicks,
} from '../lib/ladder-rows';
import './ladder.css';

const LAST_TICK = LADDER_SIZE - 1;

/** A signed rupee figure: +₹50.00, -₹25.00. */
const signed = (value: number) =>
  `${value < 0 ? '-' : value > 0 ? '+' : ''}₹${formatAmount(Math.abs(value))}`;
const tone = (value: number) => (value > 0 ? 'profit' : value < 0 ? 'loss' : 'muted');
const oddsName = (odds: number) => odds.toFixed(2);

interface RowProps {
  tick: number;
  /** The level's money (getLadder's columns), as numbers: a row re-renders only when one changes. */
  back: number;
  lay: number;
  traded: number;
  myBack: number;
  myLay: number;
  /** The largest traded money on screen: the bars' full width. */
  maxTraded: number;
  profit: number | null;
  selected: boolean;
  lastTraded: boolean;
  stake: number | null;
  onPlace: (side: SlipSide, tick: number) => void;
  onCancel: (side: SlipSide, tick: number) => void;
  onSelect: (tick: number) => void;
}

/**
 * One price of the ladder. Memoised on its figures: a pushed book change re-renders only the
 * rows whose money moved. The traded bar is scaled (transform), so a new width costs no layout.
 */
const LadderRow = memo(function LadderRow({
  tick,
  back,
  lay,
  traded,
  myBack,
  myLay,
  maxTraded,
  profit,
  selected,
  lastTraded,
  stake,
  onPlace,
  onCancel,
  onSelect,
}: RowProps) {
  const odds = oddsOfTick(tick);
  const name = oddsName(odds);
  const forStake = stake === null ? '' : ` for ${formatRupees(stake)}`;
  const mine = (side: SlipSide, amount: number) =>
    amount > 0 ? (
      <button
        type="button"
        tabIndex={-1}
        className={`ladder__cell ladder__mine ladder__mine--${side.toLowerCase()}`}
        aria-label={`Cancel your ${side === 'BACK' ? 'back' : 'lay'} of ${formatRupees(amount)} at ${name}`}
        onClick={() => onCancel(side, tick)}
      >
        {formatSize(amount)}
      </button>
    ) : (
      <span className="ladder__cell ladder__mine" />
    );
  const money = (side: SlipSide, amount: number) => (
    <button
      type="button"
      tabIndex={-1}
      className={`ladder__cell ladder__money ladder__money--${side.toLowerCase()}${amount > 0 ? '' : ' ladder__money--empty'}`}
      aria-label={`${side === 'BACK' ? 'Back' : 'Lay'} ${name}${forStake}${amount > 0 ? `, ${formatSize(amount)} available` : ''}`}
      disabled={stake === null}
      onClick={() => {
        onSelect(tick);
        onPlace(side, tick);
      }}
    >
      {amount > 0 ? formatSize(amount) : ''}
    </button>
  );
  return (
    <div
      role="row"
      className={`ladder__row${selected ? ' ladder__row--selected' : ''}${lastTraded ? ' ladder__row--ltp' : ''}`}
      aria-selected={selected}
      data-testid={`ladder-row-${name}`}
    >
      <span role="gridcell">{mine('BACK', myBack)}</span>
      <span role="gridcell">{money('BACK', back)}</span>
      <span role="gridcell" className="ladder__cell ladder__price">
        {formatOdds(odds)}
      </span>
      <span role="gridcell">{money('LAY', lay)}</span>
      <span role="gridcell">{mine('LAY', myLay)}</span>
      <span
        role="gridcell"
        className="ladder__cell ladder__traded"
        aria-label={traded > 0 ? `Traded ${formatSize(traded)}` : undefined}
      >
        {traded > 0 && (
          <>
            <span
              className="ladder__bar"
              style={{ transform: `scaleX(${maxTraded > 0 ? traded / maxTraded : 0})` }}
            />
            <span className="ladder__traded-size">{formatSize(traded)}</span>
          </>
        )}
      </span>
      <span
        role="gridcell"
        className={`ladder__cell ladder__pnl${profit === null ? '' : ` ladder__pnl--${tone(profit)}`}`}
      >
        {profit === null ? '' : signed(profit)}
      </span>
    </div>
  );
});

/**
 * The trading ladder of one exchange runner (ui.md "Trading views", ADR 55): one row per price of
 * the tick ladder around the last traded price, with the bettor's own unmatched backs, the money
 * to back, the price, the money to lay, the own unmatched lays, the money traded (a bar) and the
 * P&L closing the position at that price would lock. A click on the money places a bet of the
 * chosen stake at that price; a click on one's own stake cancels those bets. Keys move, centre
 * and place.
 */
export function TradingLadder({
  market,
  runner,
  matchId,
}: {
  market: MarketView;
  runner: RunnerView;
  matchId: number;
}) {
  const ladder = useLadder(market.market_id, runner.selection_id);
  const bets = useMatchBets(matchId);
  const { data: buttons } = useButtonValues();
  const stakes = useMemo(
    () => (buttons ?? []).filter((b) => b.type === 'Game' && b.button_value > 0),
    [buttons],
  );
  const [chosenStake, setStake] = useState<number | null>(null);
  const stake = chosenStake ?? stakes[0]?.button_value ?? null;
  const [centre, setCentre] = useState<number | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const hintId = useId();
  const { mutateAsync: place } = usePlaceBet();

  const data = ladder.data;
  // Centred once, when the ladder first arrives: later changes never move the rows (C does).
  if (centre === null && data) {
    const tick = centreTickOf(data);
    setCentre(tick);
    setSelected(tick);
  }

  const runnerBets = useMemo(
    () =>
      (bets.data ?? []).filter(
        (b) => b.market_id === market.market_id && b.selection_id === runner.selection_id,
      ),
    [bets.data, market.market_id, runner.selection_id],
  );
  const matched = useMemo(
    () => matchedRunnerBets(runnerBets, runner.selection_id),
    [runnerBets, runner.selection_id],
  );
  const position = useMemo(() => runnerPosition(matched), [matched]);
  const ticks = useMemo(() => (centre === null ? [] : visibleTicks(centre)), [centre]);
  const profits = useMemo(
    () => new Map(ticks.map((t) => [t, profitIfClosed(matched, oddsOfTick(t))])),
    [ticks, matched],
  );
  const levels = useMemo(() => levelsByTick(data?.levels ?? []), [data]);
  const maxTraded = Math.max(0, ...ticks.map((t) => levels.get(t)?.traded ?? 0));
  const ltpTick =
    data?.last_traded_price == null
      ? null
      : centreTickOf({ last_traded_price: data.last_traded_price, levels: [] });

  // Callbacks read the latest figures through a ref: they stay the same functions, so a book
  // change does not re-render every row through a new prop.
  const latest = useRef({ stake, runnerBets, market, runner, refresh: ladder.refresh });
  latest.current = { stake, runnerBets, market, runner, refresh: ladder.refresh };

  const onPlace = useCallback(
    (side: SlipSide, tick: number) => {
      const { stake: amount, market, runner, refresh } = latest.current;
      if (amount === null) return;
      const odds = oddsOfTick(tick);
      const delayMs = market.in_play ? market.bet_delay_ms : 0;
      const id = toast.loading(
        delayMs > 0 ? `Placing bet… (${Math.ceil(delayMs / 1000)}s bet delay)` : 'Placing bet…',
      );
      place({
        ...runnerPick(matchId, market, runner, side, odds),
        oddsText: odds.toFixed(2),
        stakeText: String(amount),
        keepInPlay: false,
      })
        .then(
          (bet) => toast.success(placedText(bet.status), { id }),
          (error: Error) => toast.error(error.message, { id }),
        )
        .finally(refresh);
    },
    [matchId, place],
  );

  const onCancel = useCallback((side: SlipSide, tick: number) => {
    const { runnerBets: all, refresh } = latest.current;
    const price = hundredths(oddsOfTick(tick));
    const resting = all.filter(
      (b: CurrentBet) => b.side === side && b.unmatched_stake > 0 && hundredths(b.odds) === price,
    );
    if (resting.length === 0) {
      refresh();
      return;
    }
    void Promise.all(resting.map((b) => fetchData('cancelBet', { bet_id: b.bet_id })))
      .then(
        (answers) => {
          setBalance(answers.at(-1)!.balance);
          toast.success(answers.length === 1 ? 'Bet Cancelled' : `${answers.length} bets cancelled`);
        },
        (error: Error) => toast.error(error.message),
      )
      .finally(() => {
        refreshAfterBet();
        void refreshBalance();
        refresh();
      });
  }, []);

  const move = (by: number) => {
    if (selected === null || centre === null) return;
    const next = Math.min(LAST_TICK, Math.max(0, selected + by));
    setSelected(next);
    // The selection stays on screen: the ladder follows it past the edge.
    const top = ticks[0]!;
    const bottom = ticks.at(-1)!;
    if (next > top || next < bottom) setCentre(centre + (next - selected));
  };
  const recentre = () => {
    if (!data) return;
    const tick = centreTickOf(data);
    setCentre(tick);
    setSelected(tick);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const key = e.key.toLowerCase();
    if (e.key === 'ArrowUp') move(1);
    else if (e.key === 'ArrowDown') move(-1);
    else if (key === 'c' || e.key === 'Home') recentre();
    else if (key === 'b' && selected !== null) onPlace('BACK', selected);
    else if (key === 'l' && selected !== null) onPlace('LAY', selected);
    else return;
    e.preventDefault();
  };

  return (
    <section className="ladder-view" data-testid="trading-ladder">
      <header className="ladder-view__head">
        <p className="ladder-view__market">
          <strong>{runner.name}</strong> · {market.name}
        </p>
        <dl className="ladder-view__facts">
          <div>
            <dt>Last traded</dt>
            <dd data-testid="ladder-ltp">
              {data?.last_traded_price == null ? '-' : formatOdds(data.last_traded_price)}
            </dd>
          </div>
          <div>
            <dt>Matched</dt>
            <dd data-testid="ladder-matched">{formatRupees(data?.total_matched ?? runner.total_matched)}</dd>
          </div>
          <div>
            <dt>If it wins</dt>
            <dd
              data-testid="ladder-if-wins"
              className={position ? `ladder-view__${tone(position.win)}` : undefined}
            >
              {position ? signed(position.win) : '-'}
            </dd>
          </div>
          <div>
            <dt>If it loses</dt>
            <dd
              data-testid="ladder-if-loses"
              className={position ? `ladder-view__${tone(position.lose)}` : undefined}
            >
              {position ? signed(position.lose) : '-'}
            </dd>
          </div>
        </dl>
      </header>
      {market.status !== 'OPEN' && (
        <p className="ladder-view__status" role="status" data-testid="ladder-status">
          {market.status === 'CLOSED'
            ? 'Closed'
            : market.status === 'BALL_RUNNING'
              ? 'Ball running'
              : 'Suspended'}
          : bets are not taken now
        </p>
      )}
      <div className="ladder-view__stakes" role="group" aria-label="Ladder stake">
        {stakes.length === 0 ? (
          <span className="ladder-view__hint">Set your stake buttons first (Set Button Value)</span>
        ) : (
          stakes.map((b, i) => (
            <button
              key={`${b.button_name}-${i}`}
              type="button"
              className="ladder-view__stake"
              aria-pressed={stake === b.button_value}
              onClick={() => setStake(b.button_value)}
            >
              {b.button_name}
            </button>
          ))
        )}
      </div>
      <div className="ladder-view__tools">
        <button type="button" className="btn btn--small" onClick={() => move(1)} aria-label="Higher price">
          ▲
        </button>
        <button type="button" className="btn btn--small" onClick={() => move(-1)} aria-label="Lower price">
          ▼
        </button>
        <button type="button" className="btn btn--small" onClick={recentre}>
          Centre
        </button>
        <p className="ladder-view__hint" id={hintId}>
          Keys: ↑ ↓ move, C centres, B backs, L lays at the selected price
        </p>
      </div>
      <div
        className="ladder"
        role="grid"
        tabIndex={0}
        aria-label={`Ladder of ${runner.name}`}
        aria-describedby={hintId}
        onKeyDown={onKeyDown}
      >
        <div role="row" className="ladder__row ladder__row--head">
          <span role="columnheader" className="ladder__cell" title="Your unmatched backs">
            Mine
          </span>
          <span role="columnheader" className="ladder__cell">
            Back
          </span>
          <span role="columnheader" className="ladder__cell">
            Price
          </span>
          <span role="columnheader" className="ladder__cell">
            Lay
          </span>
          <span role="columnheader" className="ladder__cell" title="Your unmatched lays">
            Mine
          </span>
          <span role="columnheader" className="ladder__cell">
            Traded
          </span>
          <span role="columnheader" className="ladder__cell" title="Profit if closed at this price">
            P&amp;L
          </span>
        </div>
        {ticks.map((tick) => (
          <LadderRow
            key={tick}
            tick={tick}
            back={levels.get(tick)?.back ?? 0}
            lay={levels.get(tick)?.lay ?? 0}
            traded={levels.get(tick)?.traded ?? 0}
            myBack={levels.get(tick)?.my_back ?? 0}
            myLay={levels.get(tick)?.my_lay ?? 0}
            maxTraded={maxTraded}
            profit={profits.get(tick) ?? null}
            selected={tick === selected}
            lastTraded={tick === ltpTick}
            stake={stake}
            onPlace={onPlace}
            onCancel={onCancel}
            onSelect={setSelected}
          />
        ))}
      </div>
      <p className="visually-hidden" aria-live="polite" data-testid="ladder-selected">
        {selected === null ? '' : `Selected ${oddsName(oddsOfTick(selected))}`}
      </p>
      {ticks.length === 0 && <p className="ladder-view__hint">Loading the ladder…</p>}
    </section>
  );
}
