import type { CurrentBet, UpdateBetRequest, UpdatedBet } from '@exchange/contracts';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { betChange, useCancelBet, useUpdateBet } from '@/lib/bet-changes';
import { stepOdds } from '@/lib/bet-odds';
import { formatAmount } from '@/lib/format';
import './unmatched-bet-editor.css';

/** The toast after an edit, in the bettor's words. */
function editedText(change: UpdateBetRequest, answer: UpdatedBet): string {
  if (change.odds !== undefined) {
    const matched =
      answer.status === 'MATCHED' ? ' and matched' : answer.status === 'PARTIAL' ? ' and partly matched' : '';
    return `Bet moved to ${answer.odds.toFixed(2)}${matched}`;
  }
  if (change.stake !== undefined) return `Unmatched stake lowered to ${formatAmount(answer.unmatched_stake)}`;
  return answer.persistence === 'PERSIST'
    ? 'The unmatched part is kept in play'
    : 'The unmatched part lapses when the market turns in play';
}

/**
 * Edits the unmatched rest of one exchange bet (bet/updateBet): its price with - / + ticks on the
 * exchange ladder (a new price is a new bet, at the back of the queue), a lower stake (the bet
 * keeps its place), Keep in play (saved as it is ticked), and Cancel. Shared by the match page's
 * My Bets and the Current Bets report; `onClose` closes the editor (after a new price too: the bet
 * it edited has no rest any more).
 */
export function UnmatchedBetEditor({ bet, onClose }: { bet: CurrentBet; onClose: () => void }) {
  const [oddsText, setOddsText] = useState(bet.odds.toFixed(2));
  const [stakeText, setStakeText] = useState(formatAmount(bet.unmatched_stake));
  const update = useUpdateBet();
  const persist = useUpdateBet();
  const cancel = useCancelBet();
  const id = useId();
  const asked = betChange(bet, oddsText, stakeText);
  const busy = update.isPending || cancel.isPending;
  // While a switch is on its way it shows what was asked; then what the server has.
  const keepInPlay = (persist.isPending ? persist.variables.persistence : bet.persistence) === 'PERSIST';

  const send = (change: UpdateBetRequest, mutation: typeof update, after?: () => void) =>
    mutation.mutate(change, {
      onSuccess: (answer) => {
        toast.success(editedText(change, answer));
        after?.();
      },
      onError: (err) => toast.error(err.message),
    });

  return (
    <form
      className={`bet-editor bet-editor--${bet.side === 'BACK' ? 'back' : 'lay'}`}
      aria-label={`Edit ${bet.side === 'BACK' ? 'back' : 'lay'} ${bet.selection_name}`}
      onSubmit={(e) => {
        e.preventDefault();
        if ('change' in asked && !busy) send(asked.change, update, onClose);
      }}
      data-testid={`bet-editor-${bet.bet_id}`}
    >
      <div className="bet-editor__fields">
        <div className="bet-editor__field">
          <label className="bet-editor__label" htmlFor={`${id}-odds`}>
            Odds
          </label>
          <div className="bet-editor__stepper">
            <button
              type="button"
              className="bet-editor__tick"
              aria-label="Lower odds one tick"
              onClick={() => setOddsText((t) => stepOdds('EXCHANGE', t, -1))}
              data-testid="bet-editor-odds-down"
            >
              −
            </button>
            <input
              id={`${id}-odds`}
              className="input bet-editor__input"
              inputMode="decimal"
              value={oddsText}
              onChange={(e) => setOddsText(e.target.value)}
              data-testid="bet-editor-odds"
            />
            <button
              type="button"
              className="bet-editor__tick"
              aria-label="Raise odds one tick"
              onClick={() => setOddsText((t) => stepOdds('EXCHANGE', t, 1))}
              data-testid="bet-editor-odds-up"
            >
              +
            </button>
          </div>
        </div>
        <div className="bet-editor__field">
          <label className="bet-editor__label" htmlFor={`${id}-stake`}>
            Unmatched stake
          </label>
          <input
            id={`${id}-stake`}
            className="input bet-editor__input"
            inputMode="decimal"
            value={stakeText}
            onChange={(e) => setStakeText(e.target.value)}
            data-testid="bet-editor-stake"
          />
        </div>
      </div>
      <label className="bet-editor__check">
        <input
          type="checkbox"
          checked={keepInPlay}
          disabled={persist.isPending}
          onChange={(e) =>
            send({ bet_id: bet.bet_id, persistence: e.target.checked ? 'PERSIST' : 'LAPSE' }, persist)
          }
          data-testid="bet-editor-keep-in-play"
        />
        Keep in play
      </label>
      {'problem' in asked && asked.problem && (
        <p className="bet-editor__problem" aria-live="polite" data-testid="bet-editor-problem">
          {asked.problem}
        </p>
      )}
      <div className="bet-editor__actions">
        <button
          type="button"
          className="btn btn--small bet-editor__cancel"
          disabled={busy}
          onClick={() =>
            cancel.mutate(bet.bet_id, {
              onSuccess: () => {
                toast.success('Bet Cancelled');
                onClose();
              },
              onError: (err) => toast.error(err.message),
            })
          }
          data-testid="bet-editor-cancel-bet"
        >
          Cancel bet
        </button>
        <button type="button" className="btn btn--small" onClick={onClose} data-testid="bet-editor-close">
          Close
        </button>
        <button
          type="submit"
          className="btn btn--small btn--primary"
          disabled={!('change' in asked) || busy}
          data-testid="bet-editor-update"
        >
          {update.isPending ? 'Updating…' : 'Update'}
        </button>
      </div>
    </form>
  );
}
