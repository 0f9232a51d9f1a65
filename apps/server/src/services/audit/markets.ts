/**
 * The audit rows of the operator's market actions (ADR 36): hooks the betting service runs
 * inside each change's transaction (MarketAudit), which turn the market before and after into
 * the row's fields and its sentence, "Declared India the winner — Cricket / India v Australia /
 * Match Odds".
 */
import type { AuditAction, SettlementSummary, StatusChange } from '@exchange/contracts';
import { bpsToPercent, paiseToRupees } from '@exchange/engine';
import type { MarketAudit, MarketFacts } from '../betting/index.ts';
import { marketTitle } from '../market-names.ts';
import { changedFields, changesText, recordAudit, type AuditActor, type AuditFields } from './log.ts';

type Change<T> = Parameters<MarketAudit<T>>[1];
interface Told {
  summary: string;
  before: AuditFields | null;
  after: AuditFields | null;
}

/** A hook that writes one audit row on the market, its sentence ending with the market's title. */
function marketAudit<T>(actor: AuditActor, action: AuditAction, tell: (change: Change<T>) => Told): MarketAudit<T> {
  return async (tx, change) => {
    const marketId = change.after.row.id;
    const told = tell(change);
    await recordAudit(tx, actor, {
      action,
      targetType: 'market',
      targetId: marketId,
      summary: `${told.summary} — ${await marketTitle(tx, marketId)}`,
      before: told.before,
      after: told.after,
    });
  };
}

// ---- the market's fields, as the API shows them ------------------------------------------------

const LIMIT_LABELS = {
  name: 'name',
  min_stake: 'min stake',
  max_stake: 'max stake',
  max_profit: 'max profit',
  bet_delay_ms: 'bet delay (ms)',
  commission_percent: 'commission %',
};
const MONEY = ['min_stake', 'max_stake', 'max_profit'];

function limitsOf({ row }: MarketFacts): AuditFields {
  return {
    name: row.name,
    min_stake: paiseToRupees(row.minStakePaise),
    max_stake: paiseToRupees(row.maxStakePaise),
    max_profit: paiseToRupees(row.maxProfitPaise),
    bet_delay_ms: row.betDelayMs,
    commission_percent: bpsToPercent(row.commissionBps),
  };
}

const stateOf = ({ row }: MarketFacts): AuditFields => ({ status: row.status, in_play: row.inPlay });

const ratesOf = ({ runners }: MarketFacts) =>
  runners.map((r) => ({ selection_id: r.selectionId, name: r.name, back_rate: r.backRate, lay_rate: r.layRate }));

const lineOf = ({ row }: MarketFacts): AuditFields => ({
  no_line: row.noLine,
  no_rate: row.noRate,
  yes_line: row.yesLine,
  yes_rate: row.yesRate,
  status: row.status,
});

/** The declared result: its kind, the winners (with a dead heat's share) or the run total. */
function resultOf({ row, runners }: MarketFacts): AuditFields | null {
  if (row.resultKind === null) return null;
  const placed = runners.filter((r) => r.status === 'WINNER' || r.status === 'PLACED');
  return {
    kind: row.resultKind,
    winners: placed.map((r) => ({
      selection_id: r.selectionId,
      name: r.name,
      ...(r.deadHeatRunners ? { dead_heat: { places: r.deadHeatPlaces, runners: r.deadHeatRunners } } : {}),
    })),
    runs: row.resultRuns,
  };
}

/** "India the winner", "a dead heat of A and B", "A and B placed", "45 runs", "void". */
function resultText(facts: MarketFacts): string {
  const { row, runners } = facts;
  if (row.resultKind === 'VOID') return 'void';
  if (row.resultKind === 'RUNS') return `${row.resultRuns} runs`;
  const placed = runners.filter((r) => r.status === 'WINNER' || r.status === 'PLACED');
  const names = listText(placed.map((r) => r.name));
  if (placed.some((r) => r.deadHeatRunners)) return `a dead heat: ${names}`;
  if (row.marketType === 'PLACE') return `${names} placed`;
  return placed.length === 1 ? `${names} the winner` : `${names} the winners`;
}

const listText = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

const lineText = (l: AuditFields) =>
  `${l.no_line}/${l.yes_line}` + (l.no_rate === 100 && l.yes_rate === 100 ? '' : ` (${l.no_rate}/${l.yes_rate})`);
const rateText = (v: unknown) => (v === null || v === undefined ? '–' : String(v));

const STATUS_VERB: Record<string, string> = {
  OPEN: 'Opened the market',
  SUSPENDED: 'Suspended the market',
  BALL_RUNNING: 'Set the market ball running',
  CLOSED: 'Closed the market',
};
const KIND_WORD: Record<string, string> = { EXCHANGE: 'an exchange', BOOKMAKER: 'a bookmaker', FANCY: 'a fancy' };

const settled = (s: SettlementSummary): AuditFields => ({ ...s });

// ---- one hook per action -----------------------------------------------------------------------

export const marketAudits = {
  create: (actor: AuditActor) =>
    marketAudit<void>(actor, 'market.create', ({ after }) => ({
      summary: `Created ${after.row.marketType === 'BINARY' ? 'a binary' : KIND_WORD[after.row.kind]} market`,
      before: null,
      after: {
        kind: after.row.kind,
        market_type: after.row.marketType,
        ...stateOf(after),
        ...limitsOf(after),
        ...(after.row.kind === 'FANCY' ? { line: lineOf(after) } : { runners: ratesOf(after) }),
        external_key: after.row.externalKey,
      },
    })),

  update: (actor: AuditActor) =>
    marketAudit<void>(actor, 'market.update', ({ before, after }) => {
      const was = limitsOf(before!);
      const now = limitsOf(after);
      const text = changesText(was, now, LIMIT_LABELS, MONEY);
      return { summary: text ? `Changed ${text}` : 'Saved the market unchanged', ...changedFields(was, now) };
    }),

  status: (actor: AuditActor) =>
    marketAudit<StatusChange>(actor, 'market.status', ({ before, after, result }) => ({
      summary:
        STATUS_VERB[after.row.status]! +
        (after.row.inPlay && !before!.row.inPlay ? ', in play' : '') +
        (result.lapsed_bets > 0 ? ` (${result.lapsed_bets} unmatched bets cancelled)` : ''),
      before: stateOf(before!),
      after: { ...stateOf(after), lapsed_bets: result.lapsed_bets },
    })),

  bookmakerRates: (actor: AuditActor) =>
    marketAudit<void>(actor, 'market.bookmaker_rates', ({ before, after }) => {
      const was = ratesOf(before!);
      const moved = ratesOf(after).filter((r, i) => JSON.stringify(r) !== JSON.stringify(was[i]));
      const text = moved.map((r) => `${r.name} ${rateText(r.back_rate)}/${rateText(r.lay_rate)}`).join(', ');
      return { summary: `Set bookmaker rates ${text || '(unchanged)'}`, before: { rates: was }, after: { rates: ratesOf(after) } };
    }),

  fancyLine: (actor: AuditActor) =>
    marketAudit<void>(actor, 'market.fancy_line', ({ before, after }) => {
      const was = lineOf(before!);
      const now = lineOf(after);
      const status = now.status !== was.status ? `, ${String(now.status).toLowerCase().replace('_', ' ')}` : '';
      return { summary: `Set fancy line ${lineText(now)}${status}`, before: was, after: now };
    }),

  removeRunner: (actor: AuditActor, selectionId: number) =>
    marketAudit<{ cancelled: number }>(actor, 'market.remove_runner', ({ before, after, result }) => {
      const was = before!.runners.find((r) => r.selectionId === selectionId)!;
      const now = after.runners.find((r) => r.selectionId === selectionId)!;
      const factor = bpsToPercent(now.reductionFactorBps);
      return {
        summary: `Removed ${now.name} (non-runner, reduction factor ${factor}%)`,
        before: { selection_id: selectionId, name: was.name, status: was.status },
        after: { selection_id: selectionId, name: now.name, status: now.status, reduction_factor: factor, cancelled_bets: result.cancelled },
      };
    }),

  declare: (actor: AuditActor) => settlementAudit(actor, 'market.declare', (after) => `Declared ${resultText(after)}`),
  void: (actor: AuditActor) => settlementAudit(actor, 'market.void', () => 'Voided the market'),

  rollback: (actor: AuditActor) =>
    marketAudit<SettlementSummary>(actor, 'market.rollback', ({ before, after, result }) => ({
      summary: `Rolled back the result (${resultText(before!)})`,
      before: { ...stateOf(before!), result: resultOf(before!) },
      after: { ...stateOf(after), result: null, settlement: settled(result) },
    })),
};

function settlementAudit(actor: AuditActor, action: AuditAction, say: (after: MarketFacts) => string) {
  return marketAudit<SettlementSummary>(actor, action, ({ before, after, result }) => ({
    summary: say(after),
    before: { ...stateOf(before!), result: null },
    after: { ...stateOf(after), result: resultOf(after), settlement: settled(result) },
  }));
}
