import { MAX_EXTRA_BET_DELAY_MS, type AgentLimits } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { DecimalInput, FormDialog, FormField } from '@/console/components';
import { refusalText } from '@/console/lib/refusal';
import { useSports } from '@/lib/sports';
import { useSetUserLimits } from './api/set-user-limits';

/** An amount as typed: empty is no limit; else a positive number of rupees, or the reason it is not. */
export function limitAmount(text: string): { value: number | null } | { error: string } {
  const t = text.trim();
  if (t === '') return { value: null };
  const v = Number(t);
  if (!Number.isFinite(v) || v <= 0)
    return { error: 'Enter an amount above 0, or leave it empty for no limit' };
  if (Number(v.toFixed(2)) !== v) return { error: 'At most 2 decimals' };
  return { value: v };
}

/** The delay as typed, in seconds: a whole number of ms from 0 to the most allowed. */
export function delayMs(text: string): { value: number } | { error: string } {
  const t = text.trim();
  const ms = t === '' ? 0 : Math.round(Number(t) * 1000);
  if (!Number.isFinite(ms) || ms < 0 || ms > MAX_EXTRA_BET_DELAY_MS)
    return { error: `Enter 0 to ${MAX_EXTRA_BET_DELAY_MS / 1000} seconds` };
  return { value: ms };
}

/**
 * The limits an agent sets on a downline user (agent/setUserLimits, ADR 58): the largest stake,
 * the most exposure, a delay added to in-play bets, the sports closed to him. Empty: no limit.
 */
export function LimitsDialog({
  user,
  onClose,
}: {
  user: { user_id: number; user_name: string; agent_limits: AgentLimits };
  onClose: () => void;
}) {
  const limits = user.agent_limits;
  const [maxStake, setMaxStake] = useState(limits.max_stake === null ? '' : String(limits.max_stake));
  const [exposure, setExposure] = useState(
    limits.exposure_limit === null ? '' : String(limits.exposure_limit),
  );
  const [delay, setDelay] = useState(String(limits.extra_bet_delay_ms / 1000));
  const [blocked, setBlocked] = useState<number[]>(limits.blocked_sports);
  const [busy, setBusy] = useState(false);
  const sports = useSports();
  const setUserLimits = useSetUserLimits();
  const stake = limitAmount(maxStake);
  const exp = limitAmount(exposure);
  const wait = delayMs(delay);
  const invalid = 'error' in stake || 'error' in exp || 'error' in wait;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if ('error' in stake || 'error' in exp || 'error' in wait) return;
    setBusy(true);
    try {
      await setUserLimits.mutateAsync({
        user_id: user.user_id,
        max_stake: stake.value,
        exposure_limit: exp.value,
        extra_bet_delay_ms: wait.value,
        blocked_sports: blocked,
      });
      toast.success(`${user.user_name}: limits saved`);
      onClose();
    } catch (err) {
      toast.error(refusalText(err, 'The limits could not be saved'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={`Limits of ${user.user_name}`}
      onClose={onClose}
      size="sm"
      testId="limits-dialog"
      onSubmit={(e) => void submit(e)}
      submitLabel="Save limits"
      submitDisabled={invalid}
      busy={busy}
      formTestId="limits-form"
    >
      <p className="muted console-hint">Leave an amount empty for no limit. Bets past a limit are refused.</p>
      <FormField label="Largest stake of a bet" error={'error' in stake ? stake.error : undefined}>
        <DecimalInput
          value={maxStake}
          onChange={(e) => setMaxStake(e.target.value)}
          data-testid="limits-max-stake"
        />
      </FormField>
      <FormField label="Exposure limit" error={'error' in exp ? exp.error : undefined}>
        <DecimalInput
          value={exposure}
          onChange={(e) => setExposure(e.target.value)}
          data-testid="limits-exposure"
        />
      </FormField>
      <FormField label="Extra in-play bet delay (seconds)" error={'error' in wait ? wait.error : undefined}>
        <DecimalInput value={delay} onChange={(e) => setDelay(e.target.value)} data-testid="limits-delay" />
      </FormField>
      <fieldset className="console-fieldset" data-testid="limits-sports">
        <legend>Sports closed to his bets</legend>
        {sports.data?.map((s) => (
          <label key={s.sport_id} className="console-form__check">
            <input
              type="checkbox"
              checked={blocked.includes(s.sport_id)}
              onChange={(e) =>
                setBlocked(
                  e.target.checked ? [...blocked, s.sport_id] : blocked.filter((id) => id !== s.sport_id),
                )
              }
              data-testid={`limits-sport-${s.sport_id}`}
            />{' '}
            {s.name}
          </label>
        ))}
      </fieldset>
    </FormDialog>
  );
}
