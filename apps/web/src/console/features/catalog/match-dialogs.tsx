import { SaveMatchRequest, SaveRaceRequest, type OperatorMatch } from '@exchange/contracts';
import { useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { FormDialog, FormField } from '@/console/components';
import { Modal, TableScroll } from '@/components';
import { formatIst } from '@/lib/format';
import { useCatalogSave } from './api/save-catalog-entry';
import { useSeries } from './api/series';
import { useSports } from './api/sports';
import { ShownCheck } from './catalog-parts';
import { fromIstInput, toIstInput } from './ist-time';

/** A contract's issues under the form's fields (`rename` maps a body field to the form's name). */
function showIssues<V extends FieldValues>(
  issues: readonly { path: PropertyKey[]; message: string }[],
  setError: UseFormSetError<V>,
  rename: Record<string, string> = {},
) {
  const seen = new Set<string>();
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'root');
    const field = rename[key] ?? key;
    if (seen.has(field)) continue;
    seen.add(field);
    setError(field as Path<V>, { message: issue.message });
  }
}

interface MatchValues {
  sport_id: string;
  series_id: string;
  match_name: string;
  start_local: string;
  is_active: boolean;
  in_play: boolean;
  venue: string;
}

/** A new match (or racing meeting) in a series, or an edit of one; the start is typed in IST. */
export function MatchDialog({
  match,
  defaults,
  onClose,
}: {
  match: OperatorMatch | null;
  defaults: { sportId: number | null; seriesId: number | null };
  onClose: () => void;
}) {
  const save = useCatalogSave();
  const sports = useSports();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MatchValues>({
    defaultValues: {
      sport_id: String(match?.sport_id ?? defaults.sportId ?? ''),
      series_id: String(match?.series_id ?? defaults.seriesId ?? ''),
      match_name: match?.match_name ?? '',
      start_local: toIstInput(match?.start_time),
      is_active: match?.is_active ?? true,
      in_play: match?.in_play ?? false,
      venue: match?.venue ?? '',
    },
  });
  const sportId = watch('sport_id');
  const series = useSeries(sportId ? Number(sportId) : null);

  const submit = handleSubmit(async (v) => {
    const body = {
      ...(match ? { match_id: match.match_id } : {}),
      series_id: v.series_id,
      match_name: v.match_name,
      start_time: fromIstInput(v.start_local),
      is_active: v.is_active,
      in_play: v.in_play,
      ...(v.venue.trim() ? { venue: v.venue } : {}),
    };
    const checked = SaveMatchRequest.safeParse(body);
    if (!checked.success) {
      showIssues(checked.error.issues, setError, { start_time: 'start_local' });
      return;
    }
    if (await save('operatorSaveMatch', body, match ? 'Match saved' : 'Match created')) onClose();
  });

  return (
    <FormDialog
      title={match ? `Edit ${match.match_name}` : 'New match'}
      testId="match-dialog"
      onClose={onClose}
      onSubmit={submit}
      submitLabel={match ? 'Save' : 'Create'}
      busy={isSubmitting}
    >
      <div className="console-form__row">
        <FormField label="Sport">
          <select
            className="input"
            {...register('sport_id', { onChange: () => setValue('series_id', '') })}
            data-testid="match-dialog-sport"
          >
            <option value="">Choose…</option>
            {sports.data?.map((s) => (
              <option key={s.sport_id} value={s.sport_id}>
                {s.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Series" error={errors.series_id?.message}>
          <select
            className="input"
            {...register('series_id')}
            aria-invalid={Boolean(errors.series_id)}
            data-testid="match-dialog-series"
          >
            <option value="">{series.isFetching ? 'Loading…' : 'Choose…'}</option>
            {series.data?.map((s) => (
              <option key={s.series_id} value={s.series_id}>
                {s.name}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField
        label="Name"
        error={errors.match_name?.message}
        hint="Two sides as “India v Australia” give new markets their runners."
      >
        <input
          className="input"
          {...register('match_name')}
          aria-invalid={Boolean(errors.match_name)}
          data-testid="match-dialog-name"
          autoFocus
        />
      </FormField>
      <div className="console-form__row">
        <FormField label="Start (IST)" error={errors.start_local?.message}>
          <input
            className="input"
            type="datetime-local"
            {...register('start_local')}
            aria-invalid={Boolean(errors.start_local)}
            data-testid="match-dialog-start"
          />
        </FormField>
        <FormField label="Venue" error={errors.venue?.message}>
          <input className="input" {...register('venue')} data-testid="match-dialog-venue" />
        </FormField>
      </div>
      <div className="console-form__checks">
        <ShownCheck field={register('is_active')} testId="match-dialog-active" />
        <label className="field field--check">
          <input type="checkbox" {...register('in_play')} data-testid="match-dialog-in-play" />
          <span>In play</span>
        </label>
      </div>
    </FormDialog>
  );
}

interface RaceValues {
  name: string;
  start_local: string;
}

/** One race's form: new (race null) or an edit. */
function RaceForm({
  meeting,
  race,
  onDone,
}: {
  meeting: OperatorMatch;
  race: OperatorMatch['races'][number] | null;
  onDone: () => void;
}) {
  const save = useCatalogSave();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<RaceValues>({
    values: { name: race?.name ?? '', start_local: toIstInput(race?.start_time ?? meeting.start_time) },
  });
  const submit = handleSubmit(async (v) => {
    const body = {
      ...(race ? { race_id: race.race_id } : {}),
      match_id: meeting.match_id,
      name: v.name,
      start_time: fromIstInput(v.start_local),
    };
    const checked = SaveRaceRequest.safeParse(body);
    if (!checked.success) {
      showIssues(checked.error.issues, setError, { start_time: 'start_local' });
      return;
    }
    if (await save('operatorSaveRace', body, race ? 'Race saved' : 'Race added')) {
      reset();
      onDone();
    }
  });
  return (
    <form className="race-form" onSubmit={submit} noValidate data-testid="race-form">
      <h3>{race ? `Edit ${race.name}` : 'Add a race'}</h3>
      <div className="console-form__row">
        <FormField label="Race name" error={errors.name?.message}>
          <input
            className="input"
            {...register('name')}
            placeholder="R1 1m2f Class 4"
            data-testid="race-form-name"
          />
        </FormField>
        <FormField label="Start (IST)" error={errors.start_local?.message}>
          <input
            className="input"
            type="datetime-local"
            {...register('start_local')}
            data-testid="race-form-start"
          />
        </FormField>
      </div>
      <div className="catalog-actions">
        <button
          type="submit"
          className="btn btn--small btn--primary"
          disabled={isSubmitting}
          data-testid="race-form-submit"
        >
          {race ? 'Save race' : 'Add race'}
        </button>
        {race && (
          <button type="button" className="btn btn--small" onClick={onDone}>
            Cancel edit
          </button>
        )}
      </div>
    </form>
  );
}

/** A racing meeting's races: the list, and a form to add one or edit the one picked. */
export function RacesDialog({ meeting, onClose }: { meeting: OperatorMatch; onClose: () => void }) {
  const [editing, setEditing] = useState<number | null>(null);
  const race = meeting.races.find((r) => r.race_id === editing) ?? null;
  return (
    <Modal title={`Races: ${meeting.match_name}`} onClose={onClose} testId="races-dialog">
      {meeting.races.length === 0 ? (
        <p className="muted">No races in this meeting yet.</p>
      ) : (
        <TableScroll label="Races">
          <table className="table">
            <thead>
              <tr>
                <th>Race</th>
                <th>Start (IST)</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {meeting.races.map((r) => (
                <tr key={r.race_id} data-testid={`race-row-${r.race_id}`}>
                  <td>{r.name}</td>
                  <td className="nowrap">{formatIst(r.start_time)}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn--small"
                      onClick={() => setEditing(r.race_id)}
                      data-testid={`race-${r.race_id}-edit`}
                    >
                      Edit
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <RaceForm key={editing ?? 'new'} meeting={meeting} race={race} onDone={() => setEditing(null)} />
    </Modal>
  );
}
