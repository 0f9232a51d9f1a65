import {
  BinarySession,
  CreateMarketRequest,
  RACING_SPORT_IDS,
  type OperatorMatch,
} from '@exchange/contracts';
import { useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormDialog, FormField } from '@/console/components';
import { toastRefusal } from '@/console/lib/refusal';
import { firstErrorPerField } from '@/lib/form-errors';
import { useCreateMarket } from './api/create-market';

/** What the operator picks: binary is a fancy-kind market with market_type BINARY and a session. */
export type NewMarketKind = 'EXCHANGE' | 'BOOKMAKER' | 'FANCY' | 'BINARY';
type ExchangeType = 'MATCH_ODDS' | 'WINNER' | 'WIN' | 'PLACE';

export interface NewMarketValues {
  kind: NewMarketKind;
  market_type: ExchangeType;
  race_id: string;
  name: string;
  runners: { name: string }[];
  no_line: string;
  yes_line: string;
  no_rate: string;
  yes_rate: string;
  session: BinarySession;
  places: string;
  open: boolean;
  in_play: boolean;
  min_stake: string;
  max_stake: string;
  max_profit: string;
  bet_delay_ms: string;
  commission_percent: string;
}

const optionalNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The createMarket body of the form's values (each kind sends only its own fields). */
export function createMarketBody(matchId: number, v: NewMarketValues) {
  const withRunners = v.kind === 'EXCHANGE' || v.kind === 'BOOKMAKER';
  const lined = v.kind === 'FANCY' || v.kind === 'BINARY';
  const racing = v.kind === 'EXCHANGE' && (v.market_type === 'WIN' || v.market_type === 'PLACE');
  return {
    match_id: matchId,
    kind: v.kind === 'BINARY' ? ('FANCY' as const) : v.kind,
    market_type: v.kind === 'EXCHANGE' ? v.market_type : v.kind,
    name: v.name,
    ...(withRunners
      ? { runners: v.runners.filter((r) => r.name.trim() !== '').map((r) => ({ name: r.name })) }
      : {}),
    ...(racing && v.race_id ? { race_id: Number(v.race_id) } : {}),
    ...(racing && v.market_type === 'PLACE' ? { places: optionalNumber(v.places) } : {}),
    ...(lined
      ? {
          fancy: {
            no_line: Number(v.no_line),
            yes_line: Number(v.yes_line),
            no_rate: Number(v.no_rate),
            yes_rate: Number(v.yes_rate),
          },
        }
      : {}),
    ...(v.kind === 'BINARY' ? { session: v.session } : {}),
    status: v.open ? ('OPEN' as const) : ('INACTIVE' as const),
    in_play: v.in_play,
    min_stake: optionalNumber(v.min_stake),
    max_stake: optionalNumber(v.max_stake),
    max_profit: optionalNumber(v.max_profit),
    bet_delay_ms: optionalNumber(v.bet_delay_ms),
    commission_percent: optionalNumber(v.commission_percent),
  };
}

const SESSION_LABELS: Record<BinarySession, string> = {
  INDEX: 'Index (Indian market hours)',
  COMMODITY: 'Commodity',
  US_INDEX: 'US index',
};

const DEFAULT_NAMES: Record<NewMarketKind, string> = {
  EXCHANGE: 'Match Odds',
  BOOKMAKER: 'Bookmaker',
  FANCY: '',
  BINARY: '',
};

/** "India v Australia": the two sides, the runners a new market starts with. */
function sidesOf(matchName: string): { name: string }[] {
  const parts = matchName.split(' v ').map((p) => p.trim());
  return parts.length === 2 ? parts.map((name) => ({ name })) : [{ name: '' }, { name: '' }];
}

/**
 * A new market on a match: exchange (match odds, winner; a racing meeting's win or place market
 * of a race), bookmaker, fancy, or binary (a fancy-kind session line). The body is checked
 * against the contract before it goes, so its messages show under the fields.
 */
export function CreateMarketDialog({ match, onClose }: { match: OperatorMatch; onClose: () => void }) {
  const createMarket = useCreateMarket(match.match_id);
  const racing = RACING_SPORT_IDS.includes(match.sport_id);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<NewMarketValues>({
    defaultValues: {
      kind: 'EXCHANGE',
      market_type: racing ? 'WIN' : 'MATCH_ODDS',
      race_id: racing ? String(match.races[0]?.race_id ?? '') : '',
      name: racing ? 'Win' : 'Match Odds',
      runners: racing ? [{ name: '' }, { name: '' }] : sidesOf(match.match_name),
      no_line: '',
      yes_line: '',
      no_rate: '100',
      yes_rate: '100',
      session: 'INDEX',
      places: '3',
      open: false,
      in_play: false,
      min_stake: '',
      max_stake: '',
      max_profit: '',
      bet_delay_ms: '',
      commission_percent: '',
    },
  });
  const runners = useFieldArray({ control, name: 'runners' });
  const kind = watch('kind');
  const marketType = watch('market_type');

  const submit = handleSubmit(async (values) => {
    const checked = CreateMarketRequest.safeParse(createMarketBody(match.match_id, values));
    if (!checked.success) {
      const fieldErrors = firstErrorPerField<Record<string, unknown>>(
        checked.error.issues.map((i) => ({
          ...i,
          path: i.path[0] === 'fancy' ? [i.path[1] ?? 'no_line'] : i.path,
        })),
      );
      for (const [name, err] of Object.entries(fieldErrors))
        setError(name as keyof NewMarketValues, { message: String((err as { message?: string }).message) });
      return;
    }
    try {
      const market = await createMarket.mutateAsync(createMarketBody(match.match_id, values));
      toast.success(`Market created: ${market.name}`);
      onClose();
    } catch (err) {
      toastRefusal(err);
    }
  });

  const text = (
    name:
      | 'no_line'
      | 'yes_line'
      | 'no_rate'
      | 'yes_rate'
      | 'min_stake'
      | 'max_stake'
      | 'max_profit'
      | 'bet_delay_ms'
      | 'commission_percent'
      | 'places',
    label: string,
  ) => (
    <FormField label={label} error={errors[name]?.message}>
      <input
        className="input"
        inputMode="decimal"
        {...register(name)}
        aria-invalid={Boolean(errors[name])}
        data-testid={`create-market-${name.replace(/_/g, '-')}`}
      />
    </FormField>
  );

  return (
    <FormDialog
      title={`New market: ${match.match_name}`}
      testId="create-market-dialog"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Create market"
      busy={isSubmitting}
      size="lg"
    >
      <div className="console-form__row">
        <FormField label="Kind">
          <select
            className="input"
            {...register('kind', {
              onChange: (e: { target: { value: NewMarketKind } }) =>
                setValue(
                  'name',
                  e.target.value === 'EXCHANGE'
                    ? racing
                      ? 'Win'
                      : 'Match Odds'
                    : DEFAULT_NAMES[e.target.value],
                ),
            })}
            data-testid="create-market-kind"
          >
            <option value="EXCHANGE">Exchange</option>
            <option value="BOOKMAKER">Bookmaker</option>
            <option value="FANCY">Fancy (session runs)</option>
            <option value="BINARY">Binary (yes / no line)</option>
          </select>
        </FormField>
        {kind === 'EXCHANGE' && (
          <FormField label="Type">
            <select className="input" {...register('market_type')} data-testid="create-market-type">
              {racing ? (
                <>
                  <option value="WIN">Win</option>
                  <option value="PLACE">Place</option>
                </>
              ) : (
                <>
                  <option value="MATCH_ODDS">Match odds</option>
                  <option value="WINNER">Winner (outright)</option>
                </>
              )}
            </select>
          </FormField>
        )}
        {kind === 'EXCHANGE' && racing && (
          <FormField label="Race" error={errors.race_id?.message}>
            <select className="input" {...register('race_id')} data-testid="create-market-race">
              {match.races.length === 0 && <option value="">No race yet: add one in the catalog</option>}
              {match.races.map((r) => (
                <option key={r.race_id} value={r.race_id}>
                  {r.name}
                </option>
              ))}
            </select>
          </FormField>
        )}
        {kind === 'EXCHANGE' && marketType === 'PLACE' && text('places', 'Places paid')}
      </div>
      <FormField label="Name" error={errors.name?.message}>
        <input
          className="input"
          {...register('name')}
          placeholder={
            kind === 'FANCY' ? 'e.g. 6 over runs IND' : kind === 'BINARY' ? 'e.g. NIFTY close' : ''
          }
          aria-invalid={Boolean(errors.name)}
          data-testid="create-market-name"
          autoFocus
        />
      </FormField>

      {(kind === 'EXCHANGE' || kind === 'BOOKMAKER') && (
        <fieldset className="console-fieldset" data-testid="create-market-runners">
          <legend>Runners</legend>
          {runners.fields.map((f, i) => (
            <div key={f.id} className="console-runner-row">
              <input
                className="input"
                {...register(`runners.${i}.name`)}
                aria-label={`Runner ${i + 1}`}
                placeholder={`Runner ${i + 1}`}
                data-testid={`create-market-runner-${i}`}
              />
              <button
                type="button"
                className="btn btn--small"
                onClick={() => runners.remove(i)}
                disabled={runners.fields.length <= 1}
                aria-label={`Remove runner ${i + 1}`}
              >
                ×
              </button>
            </div>
          ))}
          {errors.runners && (
            <span className="field__error">{errors.runners.message ?? errors.runners.root?.message}</span>
          )}
          <button
            type="button"
            className="btn btn--small"
            onClick={() => runners.append({ name: '' })}
            data-testid="create-market-add-runner"
          >
            Add runner
          </button>
        </fieldset>
      )}

      {(kind === 'FANCY' || kind === 'BINARY') && (
        <>
          <div className="console-form__row">
            {text('no_line', 'NO line')}
            {text('yes_line', 'YES line')}
            {text('no_rate', 'NO rate')}
            {text('yes_rate', 'YES rate')}
          </div>
          {kind === 'BINARY' && (
            <FormField label="Trading hours">
              <select className="input" {...register('session')} data-testid="create-market-session">
                {BinarySession.options.map((s) => (
                  <option key={s} value={s}>
                    {SESSION_LABELS[s]}
                  </option>
                ))}
              </select>
            </FormField>
          )}
        </>
      )}

      <div className="console-form__checks">
        <label className="field field--check">
          <input type="checkbox" {...register('open')} data-testid="create-market-open" />
          <span>Open for bets at once</span>
        </label>
        <label className="field field--check">
          <input type="checkbox" {...register('in_play')} data-testid="create-market-in-play" />
          <span>In play</span>
        </label>
      </div>
      <details className="console-fieldset">
        <summary>Limits (blank: the defaults)</summary>
        <div className="console-form__row">
          {text('min_stake', 'Min stake (₹)')}
          {text('max_stake', 'Max stake (₹)')}
          {text('max_profit', 'Max profit (₹)')}
          {text('bet_delay_ms', 'Bet delay (ms)')}
          {text('commission_percent', 'Commission (%)')}
        </div>
      </details>
    </FormDialog>
  );
}
