import { useState, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, Switch, type Column } from '@/console/components';

/** Which row of a catalog table has a change on its way (its switches wait), and the way to run one. */
export function useRowChange() {
  const [busy, setBusy] = useState<number | null>(null);
  const run = async (id: number, change: () => Promise<unknown>) => {
    setBusy(id);
    await change();
    setBusy(null);
  };
  return { busy, run };
}

/** A catalog table's "Shown" column: a switch that shows the row to bettors or hides it. */
export function shownColumn<T extends { is_active: boolean }>({
  nameOf,
  testIdOf,
  busy,
  onChange,
}: {
  nameOf: (row: T) => string;
  /** The row's test id prefix (e.g. `sport-4`): the switch is `<prefix>-shown`. */
  testIdOf: (row: T) => string;
  busy: (row: T) => boolean;
  onChange: (row: T, shown: boolean) => void;
}): Column<T> {
  return {
    key: 'shown',
    header: 'Shown',
    value: (r) => (r.is_active ? 'Shown' : 'Hidden'),
    render: (r) => (
      <Switch
        checked={r.is_active}
        onChange={(on) => onChange(r, on)}
        disabled={busy(r)}
        label={`${nameOf(r)} shown`}
        onText="Shown"
        offText="Hidden"
        testId={`${testIdOf(r)}-shown`}
      />
    ),
  };
}

/** A catalog table's last column: Edit, then the row's own buttons (`more`). */
export function actionsColumn<T>({
  testIdOf,
  onEdit,
  more,
}: {
  /** The row's test id prefix (e.g. `sport-4`): the button is `<prefix>-edit`. */
  testIdOf: (row: T) => string;
  onEdit: (row: T) => void;
  more: (row: T) => ReactNode;
}): Column<T> {
  return {
    key: 'actions',
    header: '',
    sortable: false,
    value: () => null,
    render: (r) => (
      <span className="catalog-actions">
        <button
          type="button"
          className="btn btn--small"
          onClick={() => onEdit(r)}
          data-testid={`${testIdOf(r)}-edit`}
        >
          Edit
        </button>
        {more(r)}
      </span>
    ),
  };
}

/** A catalog card: its title, a "New …" button, and the table below. */
export function CatalogCard({
  title,
  createLabel,
  createTestId,
  onCreate,
  testId,
  children,
}: {
  title: string;
  createLabel: string;
  createTestId: string;
  onCreate: () => void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className="console-card" data-testid={testId}>
      <div className="console-page__head">
        <h2>{title}</h2>
        <div className="console-page__actions">
          <button
            type="button"
            className="btn btn--small btn--primary"
            onClick={onCreate}
            data-testid={createTestId}
          >
            {createLabel}
          </button>
        </div>
      </div>
      {children}
    </section>
  );
}

/** A catalog dialog's name field (`field` is what the form's register gives for it). */
export function NameField({
  field,
  error,
  testId,
  autoFocus,
}: {
  field: UseFormRegisterReturn;
  error: string | undefined;
  testId: string;
  autoFocus: boolean;
}) {
  return (
    <FormField label="Name" error={error}>
      <input
        className="input"
        {...field}
        aria-invalid={Boolean(error)}
        data-testid={testId}
        autoFocus={autoFocus}
      />
    </FormField>
  );
}

/** A catalog dialog's "Shown to bettors" box (`field` is what the form's register gives for it). */
export function ShownCheck({ field, testId }: { field: UseFormRegisterReturn; testId: string }) {
  return (
    <label className="field field--check">
      <input type="checkbox" {...field} data-testid={testId} />
      <span>Shown to bettors</span>
    </label>
  );
}
