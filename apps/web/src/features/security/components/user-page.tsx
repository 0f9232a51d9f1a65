import type { ActivityRow, UserProfile } from '@exchange/contracts';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE, PageFrame, Pager, ReportTable, Spinner, TableTools, type ReportColumn } from '@/components';
import { isRetryable } from '@/lib/api';
import { formatIst } from '@/lib/format';
import { useActivityLog, useProfile, type ActivityFilter } from '../api/security-auth';
import './security.css';

const FILTERS: Array<{ value: ActivityFilter['filter']; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'logins', label: 'Logins' },
  { value: 'actions', label: 'Actions' },
];

/** The user area (#/user): the bettor's profile, then the activity log of logins and actions. */
export function UserPage() {
  return (
    <PageFrame title="My Profile" testId="user-page">
      <ProfileCard />
      <ActivityLog />
    </PageFrame>
  );
}

function ProfileCard() {
  const { data, isLoading, isError, error, refetch } = useProfile();
  if (isLoading) return <Spinner label="Loading profile" />;
  if (isError || !data)
    return (
      <p className="field__error" data-testid="profile-error">
        {error?.message ?? 'Could not load your profile'}{' '}
        {isRetryable(error) && (
          <button type="button" className="btn btn--small" onClick={() => void refetch()}>
            Retry
          </button>
        )}
      </p>
    );
  const rows: Array<[string, ReactNode, string]> = [
    ['User Name', data.user_name, 'profile-user-name'],
    ['Mobile', data.mobile || '—', 'profile-mobile'],
    ['Parent Agent', data.parent_name ?? '—', 'profile-parent'],
    ['Member Since', formatIst(data.created_at), 'profile-created'],
    ['Last Login', lastLogin(data), 'profile-last-login'],
    [
      'Password Changed',
      data.password_changed_at ? formatIst(data.password_changed_at) : 'Never',
      'profile-password-changed',
    ],
    ['Security Auth', <SecurityStatus key="s" profile={data} />, 'profile-security-auth'],
  ];
  if (data.bet_locked) rows.push(['Betting', 'Locked by your agent', 'profile-bet-locked']);
  return (
    <section className="sec-profile" aria-labelledby="profile-heading" data-testid="profile-card">
      <h2 className="sec-heading" id="profile-heading">
        Profile
      </h2>
      <dl className="sec-profile__list">
        {rows.map(([label, value, testId]) => (
          <div className="sec-profile__row" key={testId}>
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function lastLogin(p: UserProfile): string {
  if (!p.last_login_at) return '—';
  const at = formatIst(p.last_login_at);
  return p.last_login_ip ? `${at} from ${p.last_login_ip}` : at;
}

function SecurityStatus({ profile }: { profile: UserProfile }) {
  if (profile.security_auth_enabled === '1')
    return (
      <>
        <span className="sec-badge sec-badge--on">Enabled</span>{' '}
        <span className="muted">({profile.backup_codes_left} backup codes left)</span>{' '}
        <Link to="/security-auth" data-testid="profile-security-link">
          Manage
        </Link>
      </>
    );
  return (
    <>
      <span className="sec-badge sec-badge--off">Off</span>{' '}
      <Link to="/security-auth" data-testid="profile-security-link">
        Enable Security Auth
      </Link>
    </>
  );
}

/** Short cells: a phone's card holds time, activity and IP on one line, the device under them. */
const ACTIVITY_COLUMNS: ReportColumn<ActivityRow>[] = [
  { id: 'time', header: 'Time (IST)', cell: (r) => formatIst(r.created_at), cellClass: () => 'nowrap' },
  {
    id: 'activity',
    header: 'Activity',
    cell: (r) => (
      <>
        {r.description}
        {r.by && <span className="muted"> by {r.by}</span>}
      </>
    ),
  },
  { id: 'ip', header: 'IP', cell: (r) => r.ip, cellClass: () => 'nowrap', cellTestId: 'activity-ip' },
  { id: 'device', header: 'Device', cell: (r) => r.device, cellTestId: 'activity-device' },
];

function ActivityLog() {
  const [filter, setFilter] = useState<ActivityFilter>({ filter: 'all', page: 1, limit: DEFAULT_PAGE_SIZE });
  const { data, isLoading, isFetching, isError, error, refetch } = useActivityLog(filter);
  const rows = data?.rows ?? [];
  return (
    <section className="sec-activity" aria-labelledby="activity-heading" data-testid="activity-log">
      <h2 className="sec-heading" id="activity-heading">
        Activity Log
      </h2>
      <div className="tabs" role="tablist" aria-label="Show">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            role="tab"
            aria-selected={filter.filter === f.value}
            className={filter.filter === f.value ? 'tabs__tab tabs__tab--active' : 'tabs__tab'}
            onClick={() => setFilter({ ...filter, filter: f.value, page: 1 })}
            data-testid={`activity-filter-${f.value}`}
          >
            {f.label}
          </button>
        ))}
      </div>
      <TableTools
        value={filter.limit}
        onChange={(limit) => setFilter({ ...filter, limit, page: 1 })}
        testId="activity-limit"
        loading={isFetching && !isLoading}
      />
      <ReportTable
        columns={ACTIVITY_COLUMNS}
        rows={rows}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-testid': 'activity-row', 'data-kind': r.kind })}
        state={{ loading: isLoading, loadingLabel: 'Loading activity', error: isError ? error : null, onRetry: refetch }}
        label="Activity log"
        testId="activity-table"
      />
      <Pager
        page={filter.page}
        limit={filter.limit}
        total={data?.total ?? 0}
        onPage={(page) => setFilter({ ...filter, page })}
        testId="activity-pager"
      />
    </section>
  );
}
