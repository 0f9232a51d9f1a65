import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  isBackSide,
  offersKeepInPlay,
  placedText,
  useBetSlip,
  usePlaceBet,
  type SlipDraft,
} from '@/lib/bet-slip';
import { ApiError } from '@/lib/api';
import { stepOdds } from '@/lib/bet-odds';
import { useButtonValues } from '@/lib/button-values';
import { formatAmount } from '@/lib/format';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { RESTRICTION_CODES, restrictionText, siteTimesIn, useRestriction } from '@/lib/safer-gambling';
import { delaySecondsLeft, slipError, slipReturn } from '../lib/slip';
import './betslip.css';

/** The in-play delay: a spinner and the seconds left, counted down while the server waits. */
function DelayCountdown({ delayMs }: { delayMs: number }) {
  const [deadline] = useState(() => Date.now() + delayMs);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 200);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="slip__delay" role="status" data-testid="slip-delay">
      <span className="spinner__wheel" aria-hidden="true" />
      <span>
        Placing bet… <b data-testid="slip-delay-seconds">{delaySecondsLeft(deadline, now)}</b>s
      </span>
    </div>
  );
}

function sideLabel(draft: SlipDraft): string {
  if (draft.side === 'YES') return 'Yes';
  if (draft.side === 'NO') return 'No';
  return draft.side === 'BACK' ? 'Back' : 'Lay';
}

/** The slip's form: odds with ladder ticks, stake with the user's buttons, profit or liability. */
function SlipForm({ draft }: { draft: SlipDraft }) {
  const { close, edit } = useBetSlip();
  const { data: buttons } = useButtonValues();
  const place = usePlaceBet();
  // A break or self-exclusion in force: the slip says so instead of offering Place Bet.
  const restriction = useRestriction();
  const [refusal, setRefusal] = useState<string | null>(null);
  const closed = restriction ? `${restrictionText(restriction)}.` : refusal;
  const back = isBackSide(draft.side);
  const error = slipError(draft);
  const ret = slipReturn(draft);
  const gameButtons = (buttons ?? []).filter((b) => b.type === 'Game' && b.button_value > 0);
  const delayMs = draft.inPlay ? draft.betDelayMs : 0;
  const hintId = useId();

  const submit = () => {
    if (error || closed || place.isPending) return;
    place.mutate(draft, {
      onSuccess: (bet) => {
        toast.success(placedText(bet.status));
        close();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code && RESTRICTION_CODES.includes(err.code)) {
          // Started elsewhere (another device): the refusal says why, and what is in force is read again.
          const message = siteTimesIn(err.message);
          toast.error(message);
          setRefusal(message);
          void queryClient.invalidateQueries({ queryKey: queryKeys.saferGambling });
        } else toast.error(err.message);
      },
    });
  };

  return (
    <form
      className={`slip slip--${back ? 'back' : 'lay'}`}
      data-testid="bet-slip"
      data-side={draft.side}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="slip__head">
        <span className={`slip__side slip__side--${back ? 'back' : 'lay'}`}>{sideLabel(draft)}</span>
        <span className="slip__runner" data-testid="slip-runner">
          {draft.runnerName}
        </span>
        <span className="slip__market">{draft.marketName}</span>
      </div>
      <div className="slip__fields">
        {draft.kind === 'FANCY' ? (
          <div className="slip__field">
            <span className="slip__label">Line / Rate</span>
            <span className="slip__fixed" data-testid="slip-line">
              {draft.line} / {draft.odds}
            </span>
          </div>
        ) : (
          <div className="slip__field">
            <span className="slip__label">{draft.kind === 'BOOKMAKER' ? 'Rate' : 'Odds'}</span>
            <div className="slip__stepper">
              <button
                type="button"
                className="slip__tick"
                aria-label="Lower odds"
                onClick={() => edit({ oddsText: stepOdds(draft.kind, draft.oddsText, -1) })}
                data-testid="slip-odds-down"
              >
                −
              </button>
              <input
                className="input slip__input"
                inputMode="decimal"
                aria-label="Odds"
                value={draft.oddsText}
                onChange={(e) => edit({ oddsText: e.target.value })}
                data-testid="slip-odds"
              />
              <button
                type="button"
                className="slip__tick"
                aria-label="Raise odds"
                onClick={() => edit({ oddsText: stepOdds(draft.kind, draft.oddsText, 1) })}
                data-testid="slip-odds-up"
              >
                +
              </button>
            </div>
          </div>
        )}
        <label className="slip__field">
          <span className="slip__label">Stake</span>
          <input
            className="input slip__input"
            inputMode="decimal"
            placeholder={`${draft.minStake}+`}
            value={draft.stakeText}
            onChange={(e) => edit({ stakeText: e.target.value })}
            data-testid="slip-stake"
          />
        </label>
      </div>
      {gameButtons.length > 0 && (
        <div className="slip__buttons">
          {gameButtons.map((b, i) => (
            <button
              key={`${b.button_name}-${i}`}
              type="button"
              className="slip__stake-btn"
              onClick={() => edit({ stakeText: String(b.button_value) })}
              data-testid={`slip-stake-button-${i}`}
            >
              {b.button_name}
            </button>
          ))}
        </div>
      )}
      {offersKeepInPlay(draft) && (
        <div className="slip__persist">
          <label className="slip__check">
            <input
              type="checkbox"
              checked={draft.keepInPlay}
              onChange={(e) => edit({ keepInPlay: e.target.checked })}
              aria-describedby={hintId}
              data-testid="slip-keep-in-play"
            />
            Keep in play
          </label>
          <span className="slip__hint" id={hintId}>
            the unmatched part stays when the market turns in play
          </span>
        </div>
      )}
      <div className="slip__return">
        {back ? 'Profit' : 'Liability'}:{' '}
        <b data-testid={back ? 'slip-profit' : 'slip-liability'}>
          {ret ? formatAmount(back ? ret.profit : ret.liability) : '0.00'}
        </b>
        <span className="slip__return-other">
          {back ? 'Liability' : 'Profit'}: {ret ? formatAmount(back ? ret.liability : ret.profit) : '0.00'}
        </span>
      </div>
      {error && draft.stakeText !== '' && (
        <p className="slip__error" data-testid="slip-error">
          {error}
        </p>
      )}
      {place.isPending && delayMs > 0 && <DelayCountdown delayMs={delayMs} />}
      {closed && (
        <p className="slip__closed" role="status" data-testid="slip-closed">
          {closed}
        </p>
      )}
      <div className={`slip__actions${closed ? ' slip__actions--closed' : ''}`}>
        <button type="button" className="btn slip__cancel" onClick={close} data-testid="slip-cancel">
          Cancel
        </button>
        {!closed && (
          <button
            type="submit"
            className="btn btn--primary slip__place"
            disabled={error !== null || place.isPending}
            data-testid="slip-place"
          >
            {place.isPending ? 'Placing…' : 'Place Bet'}
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * The bet slip. `inline` (a phone) shows only the open slip, under its runner; the desktop column
 * shows a title and a hint while no price has been picked.
 */
export function BetSlip({ inline = false }: { inline?: boolean }) {
  const { draft } = useBetSlip();
  // A new pick is a new form: its own pending state and countdown.
  const key = draft ? `${draft.marketId}:${draft.selectionId}:${draft.side}` : 'none';
  if (inline) return draft ? <SlipForm key={key} draft={draft} /> : null;
  return (
    <section className="side-box" aria-label="Bet slip">
      <h2 className="side-box__title">Bet Slip</h2>
      {draft ? (
        <SlipForm key={key} draft={draft} />
      ) : (
        <p className="side-box__empty" data-testid="bet-slip-empty">
          Click a price to place a bet
        </p>
      )}
    </section>
  );
}
