import { RemoveRunnerRequest, type OperatorMarket } from '@exchange/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog, FormDialog, FormField } from '@/console/components';
import { toastRefusal } from '@/console/lib/refusal';
import { useRemoveRunner } from './api/remove-runner';

/**
 * A non-runner: pick the runner and its reduction factor, then confirm what it does (its bets
 * void, bets on the others matched before now reduced by the factor, unmatched orders cancelled).
 */
export function RemoveRunnerDialog({ market, onClose }: { market: OperatorMarket; onClose: () => void }) {
  const removeRunner = useRemoveRunner();
  const runners = market.runners.filter((r) => r.status === 'ACTIVE');
  const [selection, setSelection] = useState(String(runners[0]?.selection_id ?? ''));
  const [factor, setFactor] = useState('0');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ selection_id: number; reduction_factor: number } | null>(
    null,
  );
  const name = runners.find((r) => r.selection_id === confirming?.selection_id)?.name ?? '';

  if (confirming)
    return (
      <ConfirmDialog
        title={`Remove ${name}?`}
        confirmLabel="Remove the runner"
        danger
        testId="nonrunner-confirm-dialog"
        onClose={onClose}
        onConfirm={async () => {
          try {
            const done = await removeRunner.mutateAsync({
              market_id: market.market_id,
              ...confirming,
            });
            toast.success(`${name} removed: ${done.cancelled_bets} unmatched orders cancelled`);
          } catch (err) {
            toastRefusal(err);
            throw err;
          }
        }}
      >
        <ul className="settle-list">
          <li>
            Every bet on <strong>{name}</strong> is void (stakes back).
          </li>
          <li>
            Bets on the other runners matched before now are reduced by{' '}
            <strong data-testid="nonrunner-confirm-factor">{confirming.reduction_factor}%</strong>.
          </li>
          <li>
            Its unmatched orders are cancelled (and unmatched lays on the others, past the WIN 2.5% / PLACE
            4.0% thresholds).
          </li>
        </ul>
      </ConfirmDialog>
    );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const checked = RemoveRunnerRequest.safeParse({
      market_id: market.market_id,
      selection_id: Number(selection),
      reduction_factor: Number(factor),
    });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Check the fields');
      return;
    }
    setConfirming({
      selection_id: checked.data.selection_id,
      reduction_factor: checked.data.reduction_factor,
    });
  };
  return (
    <FormDialog
      title={`Non-runner: ${market.name}`}
      testId="nonrunner-dialog"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Next"
      busy={false}
      size="sm"
    >
      <FormField label="Runner">
        <select
          className="input"
          value={selection}
          onChange={(e) => setSelection(e.target.value)}
          data-testid="nonrunner-runner"
          autoFocus
        >
          {runners.map((r) => (
            <option key={r.selection_id} value={r.selection_id}>
              {r.name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Reduction factor (%)" error={problem ?? undefined} hint="Up to 2 decimals, e.g. 16.2">
        <input
          className="input"
          inputMode="decimal"
          value={factor}
          onChange={(e) => setFactor(e.target.value)}
          aria-invalid={problem !== null}
          data-testid="nonrunner-factor"
        />
      </FormField>
    </FormDialog>
  );
}
