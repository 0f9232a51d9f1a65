import type {
  OperatorMarket,
  SettlementPreview,
  SettlementPreviewRequest,
  SettlementSummary,
} from '@exchange/contracts';
import { useState, type ReactNode } from 'react';
import { SignedAmount } from '@/console/components';
import { refusalText, toastRefusal } from '@/console/lib/refusal';
import { Modal, Spinner } from '@/components';
import { formatAmount } from '@/lib/format';
import {
  declarableRunners,
  declareBody,
  isDeadHeat,
  type DeclareBody,
  type DeclarePicks,
} from './declaration';
import { useSettleMarket, type SettlementAction } from './api/settle-market';
import { useSettlementPreview } from './api/settlement-preview';

const TITLES: Record<SettlementAction, string> = {
  declare: 'Declare the result',
  void: 'Void the market',
  rollback: 'Roll the result back',
};
const CONFIRM: Record<SettlementAction, string> = {
  declare: 'Declare and settle',
  void: 'Void every bet',
  rollback: 'Roll back',
};

/** What the declaration says, in words (shown above the figures). */
function declared(m: OperatorMarket, body: DeclareBody): string {
  if (body.runs !== undefined)
    return `${m.market_type === 'BINARY' ? 'Final value' : 'Run total'}: ${body.runs}`;
  const names = m.runners.filter((r) => body.winner_ids?.includes(r.selection_id)).map((r) => r.name);
  const heat = (body.winner_ids?.length ?? 0) > (body.places ?? m.places) ? ' (dead heat)' : '';
  return `${names.length > 1 ? 'Winners' : 'Winner'}: ${names.join(', ')}${heat}`;
}

/** The declare form: winners (and places, a dead heat's tied runners) or the run total. */
function DeclareForm({
  market,
  onPreview,
}: {
  market: OperatorMarket;
  onPreview: (body: DeclareBody) => void;
}) {
  const [picks, setPicks] = useState<DeclarePicks>({
    winners: [],
    places: market.places,
    tied: [],
    runs: '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const runners = declarableRunners(market);
  const toggle = (list: readonly number[], id: number) =>
    list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const out = declareBody(market, picks);
    if ('problem' in out) setProblem(out.problem);
    else onPreview(out.body);
  };
  const multi = market.places > 1 || market.market_type === 'PLACE';
  return (
    <form id="declare-form" onSubmit={submit} noValidate data-testid="declare-form">
      {market.kind === 'FANCY' ? (
        <label className="field">
          <span className="field__label">
            {market.market_type === 'BINARY' ? 'Final value' : 'Run total'}
          </span>
          <input
            className="input"
            inputMode="numeric"
            value={picks.runs}
            onChange={(e) => setPicks({ ...picks, runs: e.target.value })}
            autoFocus
            aria-invalid={problem !== null}
            data-testid="declare-runs"
          />
        </label>
      ) : (
        <>
          <fieldset className="console-fieldset">
            <legend>{multi ? 'Placed runners' : 'Winner'} (more than the places paid: a dead heat)</legend>
            {runners.map((r) => (
              <label key={r.selection_id} className="field field--check">
                <input
                  type="checkbox"
                  checked={picks.winners.includes(r.selection_id)}
                  onChange={() => setPicks({ ...picks, winners: toggle(picks.winners, r.selection_id) })}
                  data-testid={`declare-winner-${r.selection_id}`}
                />
                <span>{r.name}</span>
              </label>
            ))}
          </fieldset>
          <label className="field field--inline">
            <span className="field__label">Places paid</span>
            <input
              className="input input--small"
              type="number"
              min={1}
              max={10}
              value={picks.places}
              onChange={(e) => setPicks({ ...picks, places: Math.max(1, Number(e.target.value) || 1) })}
              data-testid="declare-places"
            />
          </label>
          {isDeadHeat(picks) && (
            <fieldset className="console-fieldset" data-testid="declare-dead-heat">
              <legend>Dead heat: who tied for the last places? (none picked: all of them)</legend>
              {runners
                .filter((r) => picks.winners.includes(r.selection_id))
                .map((r) => (
                  <label key={r.selection_id} className="field field--check">
                    <input
                      type="checkbox"
                      checked={picks.tied.includes(r.selection_id)}
                      onChange={() => setPicks({ ...picks, tied: toggle(picks.tied, r.selection_id) })}
                      data-testid={`declare-tied-${r.selection_id}`}
                    />
                    <span>{r.name}</span>
                  </label>
                ))}
            </fieldset>
          )}
        </>
      )}
      {problem && (
        <p className="field__error" role="alert" data-testid="declare-problem">
          {problem}
        </p>
      )}
    </form>
  );
}

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="settle-figure">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** What the action would move, before it is done (operator/previewSettlement). */
function PreviewFigures({ preview }: { preview: SettlementPreview }) {
  const back = preview.action === 'rollback';
  return (
    <dl className="settle-figures" data-testid="preview-figures">
      <Figure label="Users whose balance changes" testId="preview-users">
        {preview.users}
      </Figure>
      <Figure label="Winners / losers" testId="preview-winners-losers">
        {preview.winners} / {preview.losers}
      </Figure>
      <Figure label={back ? 'Taken back from winners' : 'Paid to winners'} testId="preview-paid">
        {formatAmount(preview.paid_to_winners)}
      </Figure>
      <Figure label={back ? 'Given back to losers' : 'Taken from losers'} testId="preview-taken">
        {formatAmount(preview.taken_from_losers)}
      </Figure>
      <Figure label="Commission" testId="preview-commission">
        {formatAmount(preview.commission)}
      </Figure>
      <Figure label="House net" testId="preview-house-net">
        <SignedAmount value={preview.house_net} />
      </Figure>
      <Figure label={back ? 'Exposure reserved again' : 'Exposure released'} testId="preview-exposure">
        {formatAmount(preview.exposure)}
      </Figure>
      <Figure label="Unmatched bets cancelled" testId="preview-unmatched">
        {preview.unmatched_bets}
      </Figure>
    </dl>
  );
}

function SummaryFigures({ summary }: { summary: SettlementSummary }) {
  const result = {
    WINNERS: 'Winners declared',
    RUNS: 'Run total declared',
    VOID: 'Voided',
    ROLLED_BACK: 'Rolled back',
  }[summary.result];
  return (
    <dl className="settle-figures" data-testid="settlement-summary">
      <Figure label="Done" testId="summary-result">
        {result}
      </Figure>
      <Figure label="Users" testId="summary-users">
        {summary.users}
      </Figure>
      <Figure label="Transfers" testId="summary-transfers">
        {summary.transfers}
      </Figure>
      <Figure label="Users' net result" testId="summary-users-net">
        <SignedAmount value={summary.users_net} />
      </Figure>
      <Figure label="Commission" testId="summary-commission">
        {formatAmount(summary.commission)}
      </Figure>
      <Figure label="Settlement version" testId="summary-version">
        {summary.settlement_version}
      </Figure>
    </dl>
  );
}

/**
 * Declaring, voiding or rolling back a market, in steps: the declaration (declare only), what it
 * would move (operator/previewSettlement) with one button that does it, then what it did (the
 * SettlementSummary). The dialog's test id follows the step: declare-dialog, preview-dialog,
 * summary-dialog; the confirm button is preview-confirm.
 */
export function SettlementDialog({
  market,
  action,
  onClose,
}: {
  market: OperatorMarket;
  action: SettlementAction;
  onClose: () => void;
}) {
  const settle = useSettleMarket(action);
  const [body, setBody] = useState<DeclareBody | null>(
    action === 'declare' ? null : { market_id: market.market_id },
  );
  const [summary, setSummary] = useState<SettlementSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const request: SettlementPreviewRequest | null =
    body && (action === 'declare' ? { action, ...body } : { action, market_id: market.market_id });
  const preview = useSettlementPreview(request, summary === null);

  const confirm = async () => {
    if (!body) return;
    setBusy(true);
    try {
      setSummary(await settle.mutateAsync(body));
    } catch (err) {
      toastRefusal(err);
    } finally {
      setBusy(false);
    }
  };

  const step = summary ? 'summary' : body ? 'preview' : 'declare';
  const footer =
    step === 'declare' ? (
      <>
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" form="declare-form" className="btn btn--primary" data-testid="declare-preview">
          Preview
        </button>
      </>
    ) : step === 'preview' ? (
      <>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={action === 'declare' ? () => setBody(null) : onClose}
          disabled={busy}
        >
          {action === 'declare' ? 'Back' : 'Cancel'}
        </button>
        <button
          type="button"
          className={`btn ${action === 'declare' ? 'btn--primary' : 'btn--danger'}`}
          onClick={() => void confirm()}
          disabled={busy || !preview.data}
          data-testid="preview-confirm"
        >
          {busy ? 'Working…' : CONFIRM[action]}
        </button>
      </>
    ) : (
      <button
        type="button"
        className="btn btn--primary"
        onClick={onClose}
        autoFocus
        data-testid="summary-done"
      >
        Done
      </button>
    );

  return (
    <Modal
      title={`${TITLES[action]}: ${market.name}`}
      onClose={busy ? () => undefined : onClose}
      testId={`${step}-dialog`}
      footer={footer}
    >
      {step === 'declare' && <DeclareForm market={market} onPreview={setBody} />}
      {step === 'preview' && (
        <>
          {action === 'declare' && body && (
            <p className="settle-what" data-testid="preview-declared">
              {declared(market, body)}
            </p>
          )}
          {action === 'rollback' && (
            <p className="settle-what" data-testid="preview-rollback-what">
              The settlement is reversed with new postings and its bets are open again. The market
              stays suspended, taking no bets, until you declare the new result.
            </p>
          )}
          {action === 'void' && (
            <p className="settle-what">
              Every bet of the market is void: stakes go back, nothing is won or lost.
            </p>
          )}
          {preview.isPending ? (
            <Spinner label="Working out what moves" />
          ) : preview.isError ? (
            <p className="notice notice--error" role="alert" data-testid="preview-error">
              {refusalText(preview.error)}
            </p>
          ) : (
            <PreviewFigures preview={preview.data} />
          )}
        </>
      )}
      {step === 'summary' && summary && <SummaryFigures summary={summary} />}
    </Modal>
  );
}
