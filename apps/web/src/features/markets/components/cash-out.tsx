import type { CashOutQuote, MarketView } from '@exchange/contracts';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Modal } from '@/components';
import { useDebounced } from '@/hooks/use-debounced';
import { newClientRef } from '@/lib/client-ref';
import { formatAmount, formatOdds } from '@/lib/format';
import { useUpdateUserSettings, useUserSettings } from '@/lib/user-settings';
import {
  quoteOfRefusal,
  useCashOut,
  useCashOutQuote,
  useClearAutoCashOut,
  useSetAutoCashOut,
} from '../api/cash-out';
import {
  CASH_OUT_PARTS,
  autoRuleText,
  boundOf,
  boundsReached,
  fractionOf,
  offersCashOut,
  percentOf,
  rupeesText,
  valueTone,
} from '../lib/cash-out';
import './cash-out.css';

/** The slider's last move is quoted once it rests this long (a drag is not a quote a step). */
const SLIDER_SETTLE_MS = 250;

/**
 * A runner market's cash out: whether it is offered (a position), the part chosen (percent),
 * whether its panel is open, and the quote for that part. While the panel is open the runners
 * show `after`, each one's P&L once the quote's hedge is matched (null otherwise).
 */
export function useMarketCashOut(market: MarketView) {
  const offered = offersCashOut(market);
  const [open, setOpen] = useState(false);
  const [percent, setPercent] = useState(100);
  const fraction = fractionOf(useDebounced(percent, SLIDER_SETTLE_MS));
  const quote = useCashOutQuote(market, fraction, offered);
  const shown = offered ? quote.data : undefined;
  // No preview from the previous part's quote while the chosen part's loads.
  const after =
    open && shown?.available && shown.fraction === fractionOf(percent)
      ? new Map(shown.pnl_after.map((r) => [r.selection_id, r.pnl] as const))
      : null;
  return { offered, open, setOpen, percent, setPercent, quote: shown, after };
}

export type MarketCashOut = ReturnType<typeof useMarketCashOut>;

/** A hedge bet's price as the market shows prices: decimal odds, or the bookmaker's rate. */
function legPrice(market: MarketView, odds: number): string {
  return market.kind === 'BOOKMAKER' ? String(Math.round((odds - 1) * 100)) : formatOdds(odds);
}

const partText = (quote: CashOutQuote) =>
  quote.fraction >= 1 ? 'all of your position' : `${percentOf(quote.fraction)}% of your position`;

/**
 * The cash out in a market's foot: the Cash Out button with the quote's value (green a gain, red
 * a loss; greyed with the reason when there is none now), the automatic rule if set, and a panel
 * with the part to cash out (25 / 50 / 75 / 100% or the slider) and the automatic cash-out form.
 * Pressing asks first (the dialog) unless the bettor's settings say not to.
 */
export function CashOutBar({ market, cashOut }: { market: MarketView; cashOut: MarketCashOut }) {
  const { open, setOpen, percent, setPercent, quote } = cashOut;
  const { data: settings } = useUserSettings();
  const place = useCashOut();
  // The quote the dialog asks about: the one pressed, or the new one a moved price answered.
  const [asking, setAsking] = useState<{ quote: CashOutQuote; moved: boolean } | null>(null);
  const ids = useId();
  // The quote shown is the last one answered (kept while the next loads): after a change of the
  // part it is still the previous part's, and pressing it would cash out that part instead.
  const partPending = quote != null && quote.fraction !== fractionOf(percent);
  const available = quote?.available === true && quote.value !== null && !partPending;

  const cashOutNow = (shown: CashOutQuote) =>
    place.mutate(
      {
        market_id: market.market_id,
        fraction: shown.fraction,
        min_value: shown.value!,
        client_ref: newClientRef(),
      },
      {
        onSuccess: (done) => {
          const part = done.fraction >= 1 ? '' : ` ${percentOf(done.fraction)}%`;
          // What the part cashed out locked in, as the button showed it (done.value is the least
          // P&L with the rest of the position).
          toast.success(`Cashed out${part}: ${rupeesText(shown.locked ?? done.value)}`);
          setAsking(null);
          setPercent(100);
        },
        onError: (err) => {
          const moved = quoteOfRefusal(err);
          if (moved) setAsking({ quote: moved, moved: true });
          else {
            toast.error(err.message);
            setAsking(null);
          }
        },
      },
    );

  const press = () => {
    if (!available || place.isPending) return;
    // Until the settings answer, ask: the safe side.
    if (settings?.confirm_cash_out === false) cashOutNow(quote);
    else setAsking({ quote, moved: false });
  };

  const tone = available ? valueTone(quote.locked!) : 'muted';
  return (
    <div className="cash-out" data-testid={`cash-out-${market.market_id}`}>
      <div className="cash-out__bar">
        <button
          type="button"
          className={`cash-out__button cash-out__button--${tone}`}
          disabled={!available || place.isPending}
          aria-busy={partPending}
          aria-describedby={quote && !available && !partPending ? `${ids}-reason` : undefined}
          onClick={press}
          data-testid={`cash-out-button-${market.market_id}`}
        >
          {place.isPending ? (
            'Cashing out…'
          ) : partPending ? (
            `Cash Out ${percent}%…`
          ) : (
            <>
              Cash Out {available && <span data-testid="cash-out-value">{rupeesText(quote.locked!)}</span>}
              {available && quote.fraction < 1 && (
                <span className="cash-out__part"> ({percentOf(quote.fraction)}%)</span>
              )}
            </>
          )}
        </button>
        {quote && !available && !partPending && (
          <span className="cash-out__reason" id={`${ids}-reason`} data-testid="cash-out-reason">
            {quote.reason_text}
          </span>
        )}
        {quote?.auto_cash_out && (
          <span className="cash-out__rule" data-testid="cash-out-rule">
            {autoRuleText(quote.auto_cash_out)}
          </span>
        )}
        <button
          type="button"
          className="cash-out__toggle"
          aria-expanded={open}
          aria-controls={`${ids}-panel`}
          onClick={() => setOpen(!open)}
          data-testid={`cash-out-options-${market.market_id}`}
        >
          Partial &amp; auto <span aria-hidden="true">{open ? '▴' : '▾'}</span>
        </button>
      </div>
      {open && (
        <div className="cash-out__panel" id={`${ids}-panel`}>
          <PartChooser percent={percent} onChange={setPercent} />
          <AutoCashOutForm market={market} quote={quote} />
          <p className="cash-out__note">
            Values are before commission. While this panel is open each runner shows its P&amp;L after the
            cash out.
          </p>
        </div>
      )}
      {asking && (
        <CashOutDialog
          market={market}
          quote={asking.quote}
          moved={asking.moved}
          pending={place.isPending}
          onConfirm={cashOutNow}
          onClose={() => setAsking(null)}
        />
      )}
    </div>
  );
}

/** The part of the position to cash out: 25 / 50 / 75 / 100% or any whole percent on the slider. */
function PartChooser({ percent, onChange }: { percent: number; onChange: (percent: number) => void }) {
  const sliderId = useId();
  return (
    <div className="cash-out__parts">
      <div className="cash-out__part-buttons" role="group" aria-label="Part to cash out">
        {CASH_OUT_PARTS.map((p) => (
          <button
            key={p}
            type="button"
            className="cash-out__part-button"
            aria-pressed={percent === p}
            onClick={() => onChange(p)}
            data-testid={`cash-out-part-${p}`}
          >
            {p}%
          </button>
        ))}
      </div>
      <div className="cash-out__slider">
        <label htmlFor={sliderId}>Cash out</label>
        <input
          id={sliderId}
          type="range"
          min={1}
          max={100}
          step={1}
          value={percent}
          aria-valuetext={`${percent}% of the position`}
          onChange={(e) => onChange(Number(e.target.value))}
          data-testid="cash-out-slider"
        />
        <output htmlFor={sliderId} className="cash-out__percent">
          {percent}%
        </output>
      </div>
    </div>
  );
}

/** One bound of the automatic cash out: an amount in rupees, or empty for none. */
function BoundField({
  label,
  value,
  invalid,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <label className="auto-cash-out__field">
      <span className="auto-cash-out__label">{label}</span>
      <input
        className="input"
        inputMode="decimal"
        value={value}
        aria-invalid={invalid}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
    </label>
  );
}

/**
 * The automatic cash out (bet/setAutoCashOut, bet/clearAutoCashOut): all of the position, once,
 * when its value reaches the profit to take or the loss to stop, with no browser open.
 */
function AutoCashOutForm({ market, quote }: { market: MarketView; quote: CashOutQuote | undefined }) {
  const rule = quote?.auto_cash_out ?? null;
  const [takeProfit, setTakeProfit] = useState(rule?.take_profit == null ? '' : String(rule.take_profit));
  const [stopLoss, setStopLoss] = useState(rule?.stop_loss == null ? '' : String(rule.stop_loss));
  const set = useSetAutoCashOut();
  const clear = useClearAutoCashOut();
  const ids = useId();
  const tp = boundOf(takeProfit);
  const sl = boundOf(stopLoss);
  const valid = tp !== null && sl !== null && (tp !== undefined || sl !== undefined);
  // The full cash out's value: the quote's own when it is for all of the position.
  const fullValue = quote?.fraction === 1 ? quote.value : null;
  const reached = valid && boundsReached(fullValue, tp, sl);
  const busy = set.isPending || clear.isPending;

  const submit = () => {
    if (!valid || busy) return;
    set.mutate(
      {
        market_id: market.market_id,
        ...(tp !== undefined && { take_profit: tp }),
        ...(sl !== undefined && { stop_loss: sl }),
      },
      {
        onSuccess: (answer) =>
          toast.success(
            `${autoRuleText({ take_profit: answer.take_profit, stop_loss: answer.stop_loss })}: set`,
          ),
        onError: (err) => toast.error(err.message),
      },
    );
  };

  return (
    <form
      className="auto-cash-out"
      aria-labelledby={`${ids}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid={`auto-cash-out-${market.market_id}`}
    >
      <h3 className="auto-cash-out__title" id={`${ids}-title`}>
        Auto cash out
      </h3>
      <p className="auto-cash-out__now" data-testid="auto-cash-out-now">
        {rule ? autoRuleText(rule) : 'No automatic cash out set'}
      </p>
      <div className="auto-cash-out__fields">
        <BoundField
          label="Take profit (₹)"
          value={takeProfit}
          invalid={tp === null}
          onChange={setTakeProfit}
          testId="auto-cash-out-take-profit"
        />
        <BoundField
          label="Stop loss (₹)"
          value={stopLoss}
          invalid={sl === null}
          onChange={setStopLoss}
          testId="auto-cash-out-stop-loss"
        />
      </div>
      {(tp === null || sl === null) && (
        <p className="auto-cash-out__problem" aria-live="polite">
          Enter amounts in rupees above 0, or leave a field empty.
        </p>
      )}
      {reached && (
        <p className="auto-cash-out__problem" aria-live="polite">
          The cash out is worth {rupeesText(fullValue!)} now: this rule cashes out at once.
        </p>
      )}
      <div className="auto-cash-out__actions">
        <button
          type="submit"
          className="btn btn--small btn--primary"
          disabled={!valid || busy}
          data-testid="auto-cash-out-set"
        >
          Set
        </button>
        <button
          type="button"
          className="btn btn--small"
          disabled={!rule || busy}
          onClick={() =>
            clear.mutate(market.market_id, {
              onSuccess: () => {
                toast.success('Auto cash out cleared');
                setTakeProfit('');
                setStopLoss('');
              },
              onError: (err) => toast.error(err.message),
            })
          }
          data-testid="auto-cash-out-clear"
        >
          Clear
        </button>
      </div>
    </form>
  );
}

/**
 * Asks before a cash out: the value, the hedge bets and each runner's P&L after them; after a
 * refusal because the prices moved, the new quote to confirm again. "Don't ask me again" turns
 * the bettor's `confirm_cash_out` setting off.
 */
function CashOutDialog({
  market,
  quote,
  moved,
  pending,
  onConfirm,
  onClose,
}: {
  market: MarketView;
  quote: CashOutQuote;
  moved: boolean;
  pending: boolean;
  onConfirm: (quote: CashOutQuote) => void;
  onClose: () => void;
}) {
  const [dontAsk, setDontAsk] = useState(false);
  const updateSettings = useUpdateUserSettings();
  const available = quote.available && quote.value !== null;
  const name = (selectionId: number) =>
    market.runners.find((r) => r.selection_id === selectionId)?.name ?? '';
  const confirm = () => {
    if (dontAsk)
      updateSettings.mutate(
        { confirm_cash_out: false },
        { onError: (err) => toast.error(`Your setting was not saved: ${err.message}`) },
      );
    onConfirm(quote);
  };
  return (
    <Modal
      title={`Cash out: ${market.name}`}
      onClose={onClose}
      size="sm"
      testId="cash-out-dialog"
      footer={
        <>
          {/* An irreversible money action: Enter on opening keeps the position (WAI-ARIA's least destructive choice). */}
          <button
            type="button"
            className="btn"
            onClick={onClose}
            data-autofocus
            data-testid="cash-out-dialog-keep"
          >
            Keep position
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={!available || pending}
            onClick={confirm}
            data-testid="cash-out-confirm"
          >
            {pending ? 'Cashing out…' : available ? `Cash Out ${rupeesText(quote.locked!)}` : 'Cash Out'}
          </button>
        </>
      }
    >
      {moved && (
        <p className="notice cash-out-dialog__moved" role="alert" data-testid="cash-out-moved">
          {available ? (
            <>
              The prices moved and nothing was placed. The cash out is now worth{' '}
              <span className="nowrap">{rupeesText(quote.locked!)}</span>.
            </>
          ) : (
            `Nothing was placed: ${quote.reason_text}`
          )}
        </p>
      )}
      {available ? (
        <>
          <p className="cash-out-dialog__value">
            Cash out {partText(quote)} for{' '}
            <b className={`nowrap ${valueTone(quote.locked!)}`} data-testid="cash-out-dialog-value">
              {rupeesText(quote.locked!)}
            </b>{' '}
            <span className="muted">(before commission)</span>
          </p>
          <table className="table cash-out-dialog__table">
            <caption className="visually-hidden">
              Hedge bets and each runner&apos;s P&amp;L after them
            </caption>
            <thead>
              <tr>
                <th scope="col">Runner</th>
                <th scope="col">Hedge bet</th>
                <th scope="col" className="num">
                  After
                </th>
              </tr>
            </thead>
            <tbody>
              {quote.pnl_after.map((r) => {
                const leg = quote.legs.find((l) => l.selection_id === r.selection_id);
                return (
                  <tr key={r.selection_id} data-testid={`cash-out-leg-${r.selection_id}`}>
                    <th scope="row">{name(r.selection_id)}</th>
                    <td>
                      {leg ? (
                        <>
                          <span
                            className={`cash-out-dialog__side cash-out-dialog__side--${leg.side.toLowerCase()}`}
                          >
                            {leg.side === 'BACK' ? 'Back' : 'Lay'}
                          </span>{' '}
                          {formatAmount(leg.stake)} at {legPrice(market, leg.odds)}
                        </>
                      ) : (
                        <span className="muted">none</span>
                      )}
                    </td>
                    <td className={`num ${valueTone(r.pnl)}`}>{formatAmount(r.pnl)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="cash-out-dialog__hint muted">
            The bets are placed together at these prices or better, or none is. Your unmatched bets on this
            market are cancelled with them.
          </p>
        </>
      ) : (
        !moved && <p>{quote.reason_text}</p>
      )}
      <label className="cash-out-dialog__dont-ask">
        <input
          type="checkbox"
          checked={dontAsk}
          onChange={(e) => setDontAsk(e.target.checked)}
          data-testid="cash-out-dont-ask"
        />
        Don&apos;t ask me again
      </label>
    </Modal>
  );
}
