import { zodResolver } from '@hookform/resolvers/zod';
import {
  SaveSeriesRequest,
  SaveSportRequest,
  type OperatorSeries,
  type OperatorSport,
} from '@exchange/contracts';
import { useForm } from 'react-hook-form';
import { FormDialog, FormField } from '@/console/components';
import { useCatalogSave } from './api/save-catalog-entry';
import { NameField, ShownCheck } from './catalog-parts';

/** A new sport (its id is given: sport ids are the feed's) or an edit of one: name, order, shown. */
export function SportDialog({ sport, onClose }: { sport: OperatorSport | null; onClose: () => void }) {
  const save = useCatalogSave();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(SaveSportRequest),
    defaultValues: {
      sport_id: sport ? sport.sport_id : '',
      name: sport?.name ?? '',
      is_active: sport?.is_active ?? true,
      order: sport?.order ?? 0,
    },
  });
  const submit = handleSubmit(async (body) => {
    // create: a taken id is refused rather than the sport under it edited.
    if (await save('operatorSaveSport', { ...body, create: !sport }, sport ? 'Sport saved' : 'Sport created'))
      onClose();
  });
  return (
    <FormDialog
      title={sport ? `Edit ${sport.name}` : 'New sport'}
      testId="sport-dialog"
      onClose={onClose}
      onSubmit={submit}
      submitLabel={sport ? 'Save' : 'Create'}
      busy={isSubmitting}
      size="sm"
    >
      {!sport && (
        <FormField
          label="Sport id"
          error={errors.sport_id?.message}
          hint="The feed's id of the sport (e.g. 4 for cricket)."
        >
          <input
            className="input"
            inputMode="numeric"
            {...register('sport_id')}
            aria-invalid={Boolean(errors.sport_id)}
            data-testid="sport-dialog-id"
            autoFocus
          />
        </FormField>
      )}
      <NameField
        field={register('name')}
        error={errors.name?.message}
        testId="sport-dialog-name"
        autoFocus={Boolean(sport)}
      />
      <FormField label="Order" error={errors.order?.message} hint="Lower comes first in the bettors' menu.">
        <input
          className="input"
          type="number"
          {...register('order', { valueAsNumber: true })}
          aria-invalid={Boolean(errors.order)}
          data-testid="sport-dialog-order"
        />
      </FormField>
      <ShownCheck field={register('is_active')} testId="sport-dialog-active" />
    </FormDialog>
  );
}

/** A new series of a sport, or an edit of one: name, shown. */
export function SeriesDialog({
  sport,
  series,
  onClose,
}: {
  sport: OperatorSport;
  series: OperatorSeries | null;
  onClose: () => void;
}) {
  const save = useCatalogSave();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(SaveSeriesRequest),
    defaultValues: {
      series_id: series?.series_id,
      sport_id: sport.sport_id,
      name: series?.name ?? '',
      is_active: series?.is_active ?? true,
    },
  });
  const submit = handleSubmit(async (body) => {
    if (await save('operatorSaveSeries', body, series ? 'Series saved' : 'Series created')) onClose();
  });
  return (
    <FormDialog
      title={series ? `Edit ${series.name}` : `New series in ${sport.name}`}
      testId="series-dialog"
      onClose={onClose}
      onSubmit={submit}
      submitLabel={series ? 'Save' : 'Create'}
      busy={isSubmitting}
      size="sm"
    >
      <NameField
        field={register('name')}
        error={errors.name?.message}
        testId="series-dialog-name"
        autoFocus
      />
      <ShownCheck field={register('is_active')} testId="series-dialog-active" />
    </FormDialog>
  );
}
