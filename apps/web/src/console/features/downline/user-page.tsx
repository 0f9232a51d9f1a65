import type { AgentUserProfile } from '@exchange/contracts';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Badge, LockBadges } from '@/console/components';
import { Spinner } from '@/components';
import { isRetryable } from '@/lib/api';
import { formatAmount, formatIst } from '@/lib/format';
import { useUserProfile } from './api/user-profile';
import { LimitsDialog } from './limits-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { StatusDialog } from './status-dialog';
import { UserActivity } from './user-activity';
import { UserBets } from './user-bets';
import { UserProfitLoss } from './user-pnl';
import { UserStatement } from './user-statement';
import './downline.css';

const TABS = [
  { id: 'statement', label: 'Statement' },
  { id: 'bets', label: 'Bets' },
  { id: 'pnl', label: 'P&L' },
  { id: 'activity', label: 'Activity' },
] as const;
type Tab = (typeof TABS)[number]['id'];

function ProfileHeader({
  profile,
  onLocks,
  onLimits,
  onPassword,
}: {
  profile: AgentUserProfile;
  onLocks: () => void;
  onLimits: () => void;
  onPassword: () => void;
}) {
  const limits = profile.agent_limits;
  return (
    <section className="console-card user-profile" data-testid="user-profile">
      <div className="user-profile__title">
        <h1 data-testid="user-profile-name">{profile.user_name}</h1>
        <Badge tone="muted">
          {profile.role === 'agent' ? 'Agent' : profile.role === 'root' ? 'Operator' : 'User'}
        </Badge>
        <LockBadges {...profile} />
        <div className="console-page__actions">
          <button
            type="button"
            className="btn btn--small btn--secondary"
            onClick={onLocks}
            data-testid="user-profile-locks"
          >
            Locks
          </button>
          <button
            type="button"
            className="btn btn--small btn--secondary"
            onClick={onLimits}
            data-testid="user-profile-limits"
          >
            Limits
          </button>
          <button
            type="button"
            className="btn btn--small btn--secondary"
            onClick={onPassword}
            data-testid="user-profile-password"
          >
            Reset password
          </button>
        </div>
      </div>
      <dl className="user-profile__facts">
        <div>
          <dt>Agent</dt>
          <dd>{profile.parent_name ?? '–'}</dd>
        </div>
        <div>
          <dt>Mobile</dt>
          <dd>{profile.mobile ?? '–'}</dd>
        </div>
        <div>
          <dt>Created (IST)</dt>
          <dd>{formatIst(profile.created_at)}</dd>
        </div>
        <div>
          <dt>Last login (IST)</dt>
          <dd data-testid="user-profile-last-login">
            {profile.last_login_at
              ? `${formatIst(profile.last_login_at)}${profile.last_login_ip ? ` from ${profile.last_login_ip}` : ''}`
              : 'Never'}
          </dd>
        </div>
        <div>
          <dt>Password changed (IST)</dt>
          <dd>{profile.password_changed_at ? formatIst(profile.password_changed_at) : 'Never'}</dd>
        </div>
        <div>
          <dt>Security auth</dt>
          <dd>
            {profile.security_auth_enabled === '1'
              ? `On (${profile.backup_codes_left} backup codes left)`
              : 'Off'}
          </dd>
        </div>
        <div>
          <dt>Limits</dt>
          <dd data-testid="user-profile-agent-limits">{limitsText(limits)}</dd>
        </div>
        <div>
          <dt>Safer gambling (set by the user)</dt>
          <dd data-testid="user-profile-safer-gambling">{saferGamblingText(profile.safer_gambling)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The agent's limits in a line: what is set, or that none is. */
function limitsText(limits: AgentUserProfile['agent_limits']): string {
  const parts = [
    limits.max_stake !== null && `stake up to ${formatAmount(limits.max_stake)}`,
    limits.exposure_limit !== null && `exposure up to ${formatAmount(limits.exposure_limit)}`,
    limits.extra_bet_delay_ms > 0 && `+${limits.extra_bet_delay_ms / 1000} s in play`,
    limits.blocked_sports.length > 0 && `${limits.blocked_sports.length} sports closed`,
  ].filter(Boolean);
  return parts.length === 0 ? 'None' : parts.join(', ');
}

const PERIOD_WORDS = { DAY: '24 h', WEEK: '7 days', MONTH: '30 days' } as const;

/**
 * The bettor's own safer-gambling state in a line, for the agent to read: a break or
 * self-exclusion first (nobody but the bettor starts it, nobody ends it early), then the limits
 * in force and the reality check.
 */
function saferGamblingText(sg: AgentUserProfile['safer_gambling']): string {
  const r = sg.restriction;
  const restriction =
    r &&
    (r.kind === 'BREAK'
      ? `on a break until ${formatIst(r.ends_at)}`
      : `self-excluded until ${formatIst(r.ends_at)}${r.reopens_at ? `, reopens ${formatIst(r.reopens_at)}` : ''}`);
  const limits = sg.limits
    .filter((l) => l.amount !== null)
    .map(
      (l) =>
        `${l.kind === 'DEPOSIT' ? 'deposit' : 'loss'} ${formatAmount(l.amount!)} / ${PERIOD_WORDS[l.period]}`,
    );
  const parts = [
    restriction,
    ...limits,
    sg.reality_check_minutes !== null && `reality check every ${sg.reality_check_minutes} min`,
  ].filter(Boolean);
  return parts.length === 0 ? 'None' : parts.join('; ');
}

/**
 * One downline user (`/downline/user/:userId`): the profile with its locks and password reset,
 * then the statement, open bets, P&L and activity log as tabs (`?tab=`).
 */
export function UserPage() {
  const { userId: param } = useParams();
  const userId = Number(param);
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t.id === params.get('tab'))?.id ?? 'statement';
  const [dialog, setDialog] = useState<'locks' | 'limits' | 'password' | null>(null);
  const valid = Number.isSafeInteger(userId) && userId > 0;
  const profile = useUserProfile(userId, valid);

  const back = (
    <button
      type="button"
      className="btn btn--small btn--secondary"
      onClick={() => (location.key === 'default' ? navigate('/downline') : navigate(-1))}
      data-testid="user-back"
    >
      ‹ Back
    </button>
  );
  if (!valid || profile.error)
    return (
      <div data-testid="user-page">
        {back}
        <p className="notice notice--error" role="alert" data-testid="user-page-error">
          {profile.error?.message ?? 'User not found'}{' '}
          {profile.error && isRetryable(profile.error) && (
            <button type="button" className="btn btn--small" onClick={() => void profile.refetch()}>
              Retry
            </button>
          )}
        </p>
        <Link to="/downline">Back to the downline</Link>
      </div>
    );
  if (!profile.data) return <Spinner label="Loading the user" />;
  const user = profile.data;

  return (
    <div data-testid="user-page">
      <div className="user-page__back">{back}</div>
      <ProfileHeader
        profile={user}
        onLocks={() => setDialog('locks')}
        onLimits={() => setDialog('limits')}
        onPassword={() => setDialog('password')}
      />
      <div className="tabs user-tabs" role="tablist" aria-label="User reports">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`user-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls="user-tabpanel"
            className={`tabs__tab${tab === t.id ? ' tabs__tab--active' : ''}`}
            onClick={() => setParams(t.id === 'statement' ? {} : { tab: t.id }, { replace: true })}
            data-testid={`user-tab-${t.id}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="user-tabpanel" aria-labelledby={`user-tab-${tab}`}>
        {tab === 'statement' && <UserStatement userId={userId} />}
        {tab === 'bets' && <UserBets userId={userId} />}
        {tab === 'pnl' && <UserProfitLoss userId={userId} userName={user.user_name} />}
        {tab === 'activity' && <UserActivity userId={userId} userName={user.user_name} />}
      </div>
      {dialog === 'locks' && <StatusDialog user={user} onClose={() => setDialog(null)} />}
      {dialog === 'limits' && <LimitsDialog user={user} onClose={() => setDialog(null)} />}
      {dialog === 'password' && <ResetPasswordDialog user={user} onClose={() => setDialog(null)} />}
    </div>
  );
}
