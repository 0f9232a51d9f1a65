import { zodResolver } from '@hookform/resolvers/zod';
import { UpdateMarketRequest, type BodyOf, type OperatorMarket } from '@exchange/contracts';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormDialog, FormField } from '@/console/components';
import type { MarketActions } from './api/market-actions';

type Editable = 'name' | 'min_stake' | 'max_stake' | 'max_profit' | 'bet_delay_ms' | 'commission_percent';

/** A market's name, stake limits, bet delay and commission (operator/updateMarket sends only what changed). */
export function MarketSettingsDialog({
  market,
  actions,
  onClose,
}: {
  market: OperatorMarket;
  actions: MarketActions;
  onClose: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm({
    resolver: zodResolver(UpdateMarketRequest),
    defaultValues: {
      market_id: market.market_id,
      name: market.name,
      min_stake: market.min_stake,
      max_stake: market.max_stake,
      max_profit: market.max_profit,
      bet_delay_ms: market.bet_delay_ms,
      commission_percent: market.commission_percent,
    },
  });
  const submit = handleSubmit(async (values) => {
    const changed = (Object.keys(dirtyFields) as (Editable | 'market_id')[]).filter(
      (k): k is Editable => k !== 'market_id',
    );
    if (changed.length === 0) {
      onClose();
      return;
    }
    const body: BodyOf<'operatorUpdateMarket'> = { market_id: market.market_id };
    for (const k of changed) Object.assign(body, { [k]: values[k] });
    if (await actions.update(body)) {
      toast.success('Market saved');
      onClose();
    }
  });
  const number = (name: Editable, label: string, step: string, hint?: string) => (
    <FormField label={label} error={errors[name]?.message} hint={hint}>
      <input
        className="input"
        type="number"
        step={step}
        inputMode="decimal"
        {...register(name, { valueAsNumber: true })}
        aria-invalid={Boolean(errors[name])}
        data-testid={`market-settings-${name}`}
      />
    </FormField>
  );
  return (
    <FormDialog
      title={`Settings: ${market.name}`}
      testId="market-settings-dialog"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Save"
      busy={isSubmitting}
    >
      <FormField label="Name" error={errors.name?.message}>
        <input
          className="input"
          {...register('name')}
          aria-invalid={Boolean(errors.name)}
          data-testid="market-settings-name"
        />
      </FormField>
      <div className="console-form__row">
        {number('min_stake', 'Min stake (₹)', '0.01')}
        {number('max_stake', 'Max stake (₹)', '0.01')}
        {number('max_profit', 'Max profit (₹)', '0.01')}
      </div>
      <div className="console-form__row">
        {number('bet_delay_ms', 'Bet delay (ms)', '100', 'In play only')}
        {number('commission_percent', 'Commission (%)', '0.01', 'On net winnings')}
      </div>
    </FormDialog>
  );
}
