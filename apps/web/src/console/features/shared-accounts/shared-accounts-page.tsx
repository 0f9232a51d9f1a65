import { SharedBy, type SharedAccountGroup, type SharedAccountMember } from '@exchange/contracts';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge, DataTable, IstWhen, ToolSelect, useServerPaging, type Column } from '@/console/components';
import { allSharedAccountGroups, useSharedAccounts } from './api/shared-accounts';
import './shared-accounts.css';

type By = SharedBy;
const KEY_HEADER: Record<By, string> = { address: 'Address', mobile: 'Mobile number' };

/** What puts an account in its group, in words: signed up here, its logins, its number as typed. */
function how(by: By, m: SharedAccountMember): string {
  if (by === 'mobile') return m.mobile ?? '';
  const logins = m.logins > 0 ? `${m.logins} login${m.logins === 1 ? '' : 's'}` : '';
  return [m.signed_up_here ? 'signed up here' : '', logins].filter(Boolean).join(', ');
}

/** The group's accounts: each a link to its page, whose account it is, how it is here, its locks. */
function Members({ by, group }: { by: By; group: SharedAccountGroup }) {
  const more = group.user_count - group.users.length;
  return (
    <ul className="shared-members">
      {group.users.map((m) => (
        <li key={m.user_id} data-testid={`shared-member-${m.user_name}`}>
          <Link to={`/downline/user/${m.user_id}`} className="shared-member__name">
            {m.user_name}
          </Link>{' '}
          <span className="muted">
            {m.role === 'agent' ? 'agent, ' : ''}under {m.parent_name}
            {how(by, m) && ` · ${how(by, m)}`}
          </span>
          {m.login_locked && <Badge tone="bad">Login locked</Badge>}
          {m.bet_locked && <Badge tone="warn">Bet locked</Badge>}
        </li>
      ))}
      {more > 0 && <li className="muted">and {more} more</li>}
    </ul>
  );
}

const lastSeen = (g: SharedAccountGroup) =>
  g.users.reduce<string | null>((at, m) => (m.last_seen_at && (!at || m.last_seen_at > at) ? m.last_seen_at : at), null);

/**
 * The shared-accounts report (ADR 41, the agents' sites' "same IP" report): the caller's
 * accounts that share an address (signed up or logged in from it) or a mobile number, a group a
 * row, the most recently seen first. The rules void multiple entries: this is where an agent finds
 * them. Which of the two is in the address (`?by=mobile`); the default is the address.
 */
export function SharedAccountsPage() {
  const [params, setParams] = useSearchParams();
  const by: By = SharedBy.safeParse(params.get('by')).data ?? 'address';
  const { page, limit, first, paging } = useServerPaging();
  const report = useSharedAccounts(by, page, limit);
  const days = report.data?.days;

  const columns = useMemo(
    (): Column<SharedAccountGroup>[] => [
      {
        key: 'key',
        header: KEY_HEADER[by],
        value: (g) => g.key,
        render: (g) => <span className="shared-key">{g.key}</span>,
      },
      { key: 'count', header: 'Accounts', numeric: true, value: (g) => g.user_count },
      {
        key: 'members',
        header: 'Who',
        value: (g) => g.users.map((m) => m.user_name).join(' '),
        render: (g) => <Members by={by} group={g} />,
      },
      {
        key: 'seen',
        header: by === 'address' ? 'Last seen (IST)' : 'Last login (IST)',
        value: (g) => lastSeen(g),
        render: (g) => {
          const at = lastSeen(g);
          return at ? <IstWhen iso={at} /> : <span className="muted">never</span>;
        },
      },
    ],
    [by],
  );

  const choose = (next: By) => {
    setParams(next === 'address' ? {} : { by: next }, { replace: true });
    first();
  };
  return (
    <div className="shared-page" data-testid="shared-page">
      <div className="console-page__head">
        <h1>Shared accounts</h1>
      </div>
      <p className="muted shared-legend" data-testid="shared-legend">
        {by === 'address'
          ? `Accounts of yours that signed up or logged in from one address${days ? ` (logins of the last ${days} days)` : ''}.`
          : 'Accounts of yours with the same mobile number.'}{' '}
        The rules void the bets of multiple entries.
      </p>
      <DataTable
        columns={columns}
        rows={report.data?.groups}
        rowKey={(g) => g.key}
        rowTestId={(g) => `shared-row-${g.key}`}
        loading={report.isFetching}
        error={report.error}
        onRetry={report.refetch}
        empty={by === 'address' ? 'No two accounts share an address.' : 'No two accounts share a mobile number.'}
        testId="shared-table"
        cardsOnPhone
        paging={paging(report.data?.total)}
        csvName={`shared-accounts-by-${by}`}
        csvRows={() => allSharedAccountGroups(by)}
        tools={
          <ToolSelect
            label="Shared"
            value={by}
            options={[
              { value: 'address', label: 'Address' },
              { value: 'mobile', label: 'Mobile number' },
            ]}
            onChange={choose}
            testId="shared-by"
          />
        }
      />
    </div>
  );
}
