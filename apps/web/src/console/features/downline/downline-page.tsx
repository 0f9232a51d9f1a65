import type { DownlineRow } from '@exchange/contracts';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  amountColumn,
  DataTable,
  IstWhen,
  LockBadges,
  SearchBox,
  signedColumn,
  useServerPaging,
  type Column,
} from '@/console/components';
import { useDebounced } from '@/hooks/use-debounced';
import { useConsoleUser } from '@/console/lib/session';
import { formatAmount } from '@/lib/format';
import { allDownlineRows, useDownline, type DownlineFilter } from './api/downline';
import { CreateUserDialog } from './create-user-dialog';
import { CreditReferenceDialog } from './credit-reference-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { SettlementDialog } from './settlement-dialog';
import { SharesDialog } from './shares-dialog';
import { StatusDialog } from './status-dialog';
import { formatPercent } from './terms';
import { downlinePath, parseTrail, type TrailStep } from './trail';
import { TransferDialog } from './transfer-dialog';
import './downline.css';

const SEARCH_DELAY_MS = 300;

/** An agent's own downline sums; shown when the page lists an agent. */
const downlineColumn: Column<DownlineRow> = {
  key: 'downline_balance',
  header: 'Downline bal. / exp.',
  numeric: true,
  value: (r) => r.downline_balance ?? null,
  render: (r) =>
    r.role === 'agent' ? (
      <div>
        <div>{formatAmount(r.downline_balance)}</div>
        <div className="muted">{formatAmount(r.downline_exposure)}</div>
      </div>
    ) : (
      <span className="muted">–</span>
    ),
};

/** An agent's partnership (ADR 48); a bettor takes its agent's shares. */
const partnershipColumn: Column<DownlineRow> = {
  key: 'partnership',
  header: 'Partnership',
  numeric: true,
  value: (r) => r.terms.partnership,
  render: (r) =>
    r.terms.partnership === null ? <span className="muted">–</span> : formatPercent(r.terms.partnership),
};

type RowAction = 'deposit' | 'withdraw' | 'credit' | 'settlement' | 'shares' | 'status' | 'password';
type Action = { kind: RowAction; row: DownlineRow } | { kind: 'create' };

/**
 * What passes only between the caller and a direct user (chips, credit reference, settlements,
 * shares): short labels that fit the row, each named in full for a screen reader (the name holds
 * the visible text, as axe asks).
 */
const TOP_LEVEL_ACTIONS: {
  kind: RowAction;
  text: string;
  title: string;
  className: string;
  label: (userName: string) => string;
}[] = [
  {
    kind: 'deposit',
    text: 'D',
    title: 'Deposit chips',
    className: 'downline-actions__in',
    label: (u) => `Deposit chips to ${u}`,
  },
  {
    kind: 'withdraw',
    text: 'W',
    title: 'Withdraw chips',
    className: 'downline-actions__out',
    label: (u) => `Withdraw chips from ${u}`,
  },
  {
    kind: 'credit',
    text: 'Credit',
    title: 'Credit reference',
    className: 'btn--secondary',
    label: (u) => `Credit reference of ${u}`,
  },
  {
    kind: 'settlement',
    text: 'Settle',
    title: 'Record cash received or paid',
    className: 'btn--secondary',
    label: (u) => `Settle with ${u}`,
  },
  {
    kind: 'shares',
    text: 'Shares',
    title: 'Partnership and commission',
    className: 'btn--secondary',
    label: (u) => `Shares of ${u}`,
  },
];

function Breadcrumbs({ trail }: { trail: TrailStep[] }) {
  return (
    <nav aria-label="Downline levels" className="downline-crumbs" data-testid="downline-crumbs">
      {trail.length === 0 ? (
        <span aria-current="page">My downline</span>
      ) : (
        <Link to="/downline" data-testid="downline-crumb-top">
          My downline
        </Link>
      )}
      {trail.map((step, i) => (
        <span key={step.user_id}>
          <span className="downline-crumbs__sep" aria-hidden="true">
            ›
          </span>
          {i === trail.length - 1 ? (
            <span aria-current="page">{step.user_name}</span>
          ) : (
            <Link to={downlinePath(trail.slice(0, i + 1))} data-testid={`downline-crumb-${step.user_name}`}>
              {step.user_name}
            </Link>
          )}
        </span>
      ))}
    </nav>
  );
}

/**
 * The downline: the direct users of the caller, or of an agent below it (`?at=`), with their
 * money (credit reference, balance, Client P/L, exposure, available), an agent's partnership, locks
 * and last login; search, server paging and CSV. Chips, the credit reference, settlements and the
 * shares go only between the caller and its direct users (ADR 32, 48), so their actions show on
 * the top level only. The top level's search looks at the direct users, or at every level below
 * ("Every level"): the rows then do not say whose users they are, so they offer none of them (a
 * deeper user's is refused).
 */
export function DownlinePage() {
  const [params] = useSearchParams();
  const trail = useMemo(() => parseTrail(params.get('at')), [params]);
  const parentId = trail.at(-1)?.user_id ?? null;
  // A new level starts on its first page with no search.
  return <DownlineLevel key={parentId ?? 'own'} trail={trail} parentId={parentId} />;
}

function DownlineLevel({ trail, parentId }: { trail: TrailStep[]; parentId: number | null }) {
  const [search, setSearch] = useState('');
  const { page, limit, first, paging } = useServerPaging();
  const [action, setAction] = useState<Action | null>(null);
  const [everyLevel, setEveryLevel] = useState(false);
  const query = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const ownId = useConsoleUser()?.user_id;
  const top = parentId === null;
  // Without the caller's id (no stored console user) a search can only be the wide one.
  const wide = top && query !== '' && (everyLevel || ownId === undefined);
  // The server searches every level when no parent is named; the top level names the caller.
  const listOf = wide ? undefined : (parentId ?? ownId);

  const filter: DownlineFilter = { ...(listOf !== undefined && { parent_id: listOf }), search: query };
  const list = useDownline(filter, page, limit);

  const hasAgents = list.data?.rows.some((r) => r.role === 'agent') ?? false;
  const columns = useMemo((): Column<DownlineRow>[] => {
    const open = (kind: RowAction, row: DownlineRow) => () => setAction({ kind, row });
    return [
      {
        key: 'user_name',
        header: 'User',
        value: (r) => r.user_name,
        render: (r) => (
          <div className="downline-user">
            <Link
              to={`/downline/user/${r.user_id}`}
              className="downline-user__name"
              data-testid={`downline-user-${r.user_name}`}
            >
              {r.user_name}
            </Link>
            <span className="muted downline-user__role">{r.role === 'agent' ? 'Agent' : 'User'}</span>
            {r.role === 'agent' && (
              <Link
                to={downlinePath([...(wide ? [] : trail), { user_id: r.user_id, user_name: r.user_name }])}
                className="downline-user__open"
                aria-label={`Open ${r.user_name}'s downline`}
                data-testid={`downline-open-${r.user_name}`}
              >
                downline ›
              </Link>
            )}
          </div>
        ),
      },
      // Shown under the name: the row must fit a laptop's width with its seven actions.
      { key: 'role', header: 'Role', value: (r) => (r.role === 'agent' ? 'Agent' : 'User'), csvOnly: true },
      amountColumn('credit_reference', 'Credit reference', (r) => r.credit_reference),
      amountColumn('balance', 'Balance', (r) => r.balance),
      signedColumn('client_pl', 'Client P/L (+ client won)', (r) => r.client_pl),
      amountColumn('exposure', 'Exposure', (r) => r.exposure),
      amountColumn('available', 'Available', (r) => r.available),
      ...(hasAgents ? [partnershipColumn, downlineColumn] : []),
      {
        key: 'locks',
        header: 'Status',
        value: (r) =>
          [r.login_locked && 'Login locked', r.bet_locked && 'Bet locked'].filter(Boolean).join(', ') ||
          'Active',
        render: (r) => (
          <span>
            <LockBadges {...r} />
          </span>
        ),
      },
      {
        key: 'last_login',
        header: 'Last login (IST)',
        value: (r) => r.last_login_at,
        render: (r) =>
          r.last_login_at ? <IstWhen iso={r.last_login_at} /> : <span className="muted">Never</span>,
      },
      {
        key: 'actions',
        header: 'Actions',
        sortable: false,
        value: () => null,
        render: (r) => (
          <div className="downline-actions">
            {top && !wide &&
              TOP_LEVEL_ACTIONS.map((a) => (
                <button
                  key={a.kind}
                  type="button"
                  className={`btn btn--small ${a.className}`}
                  onClick={open(a.kind, r)}
                  aria-label={a.label(r.user_name)}
                  title={a.title}
                  data-testid={`downline-${a.kind}-${r.user_name}`}
                >
                  {a.text}
                </button>
              ))}
            <button
              type="button"
              className="btn btn--small btn--secondary"
              onClick={open('status', r)}
              data-testid={`downline-status-${r.user_name}`}
            >
              Locks
            </button>
            <button
              type="button"
              className="btn btn--small btn--secondary"
              onClick={open('password', r)}
              data-testid={`downline-password-${r.user_name}`}
            >
              Password
            </button>
          </div>
        ),
      },
    ];
  }, [trail, top, wide, hasAgents]);

  const close = () => setAction(null);
  return (
    <div className="downline-page" data-testid="downline-page">
      <div className="console-page__head">
        <h1>Downline</h1>
        {top && (
          <div className="console-page__actions">
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => setAction({ kind: 'create' })}
              data-testid="downline-create"
            >
              Create user
            </button>
          </div>
        )}
      </div>
      <Breadcrumbs trail={trail} />
      <DataTable
        columns={columns}
        rows={list.data?.rows}
        rowKey={(r) => r.user_id}
        rowTestId={(r) => `downline-row-${r.user_name}`}
        loading={list.isFetching}
        error={list.error}
        onRetry={list.refetch}
        empty={query ? `No user matches “${query}”.` : 'No users yet.'}
        testId="downline-table"
        cardsOnPhone
        paging={paging(list.data?.total)}
        csvName={trail.length === 0 ? 'downline' : `downline-${trail.at(-1)!.user_name}`}
        csvRows={() => allDownlineRows(filter)}
        tools={
          <>
            <SearchBox
              className="downline-search"
              value={search}
              onSearch={(text) => (setSearch(text), first())}
              placeholder="Search user name"
              label="Search user name"
              testId="downline-search"
            />
            {top && (
              <label className="console-form__check downline-every-level">
                <input
                  type="checkbox"
                  checked={everyLevel}
                  onChange={(e) => {
                    setEveryLevel(e.target.checked);
                    first();
                  }}
                  data-testid="downline-every-level"
                />{' '}
                Every level
              </label>
            )}
          </>
        }
      />
      {action?.kind === 'create' && <CreateUserDialog onClose={close} />}
      {(action?.kind === 'deposit' || action?.kind === 'withdraw') && (
        <TransferDialog user={action.row} direction={action.kind} onClose={close} />
      )}
      {action?.kind === 'credit' && <CreditReferenceDialog user={action.row} onClose={close} />}
      {action?.kind === 'settlement' && <SettlementDialog account={action.row} onClose={close} />}
      {action?.kind === 'shares' && <SharesDialog user={action.row} onClose={close} />}
      {action?.kind === 'status' && <StatusDialog user={action.row} onClose={close} />}
      {action?.kind === 'password' && <ResetPasswordDialog user={action.row} onClose={close} />}
    </div>
  );
}
