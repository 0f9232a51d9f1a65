import type { ButtonType, ButtonValue } from '@exchange/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Modal, Spinner } from '@/components';
import { ApiError, callApi } from '@/lib/api';
import { useButtonValues } from '@/lib/button-values';
import { queryKeys } from '@/lib/query-keys';

interface Row {
  button_name: string;
  button_value: string;
  type: ButtonType;
}

const TABS: Array<{ type: ButtonType; label: string }> = [
  { type: 'Game', label: 'Game Buttons' },
  { type: 'Casino', label: 'Casino Buttons' },
];

const toRows = (values: ButtonValue[]): Row[] =>
  values.map((v) => ({ ...v, button_value: String(v.button_value) }));

/**
 * 'Set Button Value': edit the Game and Casino stake buttons; Update sends all rows of both. One
 * dialog from loading to loaded, so the keyboard focus it took stays in it when the rows arrive.
 */
export function SetButtonValueModal({ onClose }: { onClose: () => void }) {
  const { data, isLoading, isError } = useButtonValues();
  const [saving, setSaving] = useState(false);
  const footer = data && (
    <button
      type="submit"
      form={FORM_ID}
      className="btn btn--primary"
      disabled={saving}
      data-testid="button-values-update"
    >
      {saving ? 'Updating…' : 'Update'}
    </button>
  );
  return (
    <Modal title="Set Button Value" onClose={onClose} testId="button-values-modal" footer={footer}>
      {isLoading ? (
        <Spinner />
      ) : isError || !data ? (
        <p>Your button values could not be loaded. Close this window and try again.</p>
      ) : (
        <ButtonValueForm initial={toRows(data)} onClose={onClose} setSaving={setSaving} />
      )}
    </Modal>
  );
}

const FORM_ID = 'button-values-form';

function ButtonValueForm({
  initial,
  onClose,
  setSaving,
}: {
  initial: Row[];
  onClose: () => void;
  setSaving: (saving: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState(initial);
  const [tab, setTab] = useState<ButtonType>('Game');

  const edit = (index: number, field: 'button_name' | 'button_value', value: string) =>
    setRows((all) => all.map((r, i) => (i === index ? { ...r, [field]: value } : r)));

  const update = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      const body = rows.map((r) => {
        const text = r.button_value.trim();
        // Numbers go as numbers; anything else goes as typed so the server's message explains it.
        return {
          button_name: r.button_name,
          button_value: text !== '' && Number.isFinite(Number(text)) ? Number(text) : text,
          type: r.type,
        };
      });
      const res = await callApi('setButtonValue', body);
      if (!res.status) {
        toast.error(res.message || 'Button values not saved');
        return;
      }
      toast.success(res.message || 'Button values saved');
      await queryClient.invalidateQueries({ queryKey: queryKeys.buttonValues });
      onClose();
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Button values not saved');
    } finally {
      setSaving(false);
    }
  };

  const shown = rows.map((r, index) => ({ r, index })).filter(({ r }) => r.type === tab);

  return (
    <form id={FORM_ID} onSubmit={update}>
      <div className="tabs" role="tablist">
        {TABS.map((t) => (
          <button
            key={t.type}
            type="button"
            role="tab"
            aria-selected={tab === t.type}
            className={`tabs__tab${tab === t.type ? ' tabs__tab--active' : ''}`}
            onClick={() => setTab(t.type)}
            data-testid={`button-values-tab-${t.type.toLowerCase()}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <table className="table table--form">
        <thead>
          <tr>
            <th>Price Label</th>
            <th>Price Value</th>
          </tr>
        </thead>
        <tbody>
          {shown.length === 0 && (
            <tr>
              <td colSpan={2} className="table__empty">
                No data available in table
              </td>
            </tr>
          )}
          {shown.map(({ r, index }, i) => (
            <tr key={index}>
              <td>
                <input
                  className="input"
                  value={r.button_name}
                  aria-label={`Price Label ${i + 1}`}
                  onChange={(e) => edit(index, 'button_name', e.target.value)}
                  data-testid={`button-label-${i}`}
                />
              </td>
              <td>
                <input
                  className="input"
                  inputMode="numeric"
                  value={r.button_value}
                  aria-label={`Price Value ${i + 1}`}
                  onChange={(e) => edit(index, 'button_value', e.target.value)}
                  data-testid={`button-value-${i}`}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </form>
  );
}
