/**
 * The shared-accounts report (ADR 41), the agents' sites' "same IP" report: the caller's downline
 * accounts grouped by what two or more of them share, a mobile number or a client address (the
 * address of a sign-up, or of a login in the last SHARED_ADDRESS_DAYS days). Only the caller's
 * downline enters it, on both sides: a group is two of the caller's own accounts, so an agent
 * learns nothing of another agent's users. The root's downline is everyone.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  SHARED_ADDRESS_DAYS,
  SHARED_GROUP_MEMBERS,
  type SharedAccountMember,
  type SharedAccountsPage,
  type SharedAccountsRequest,
  DAY_MS,
} from '@exchange/contracts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { downlineCte } from '../downline.ts';

/** Who was seen with which key: (user_id, key, signed up there, logins, when last seen). */
function sightings(by: SharedAccountsRequest['by'], since: Date): SQL {
  if (by === 'mobile') {
    return sql`select u.id as user_id, ltrim(u.mobile, '0') as key, false as signup, 0 as logins, u.last_login_at as seen_at
               from users u join downline d on d.id = u.id
               where u.mobile is not null and ltrim(u.mobile, '0') <> ''`;
  }
  return sql`select u.id as user_id, u.signup_ip as key, true as signup, 0 as logins, u.created_at as seen_at
             from users u join downline d on d.id = u.id
             where u.signup_ip is not null and u.signup_ip <> ''
             union all
             select a.user_id, a.ip, false, 1, a.created_at
             from activity_log a join downline d on d.id = a.user_id
             where a.kind = 'LOGIN' and a.ip <> '' and a.created_at > ${since.toISOString()}::timestamptz`;
}

interface Row extends Record<string, unknown> {
  key: string;
  user_count: number;
  total: number;
  user_id: number;
  signed_up_here: boolean;
  logins: number;
  seen_at: string | Date | null;
  user_name: string;
  role: 'agent' | 'user';
  parent_name: string | null;
  dial_code: string | null;
  mobile: string | null;
  created_at: string | Date;
  login_locked: boolean;
  bet_locked: boolean;
}

const iso = (v: string | Date | null) => (v == null ? null : new Date(v).toISOString());

/** One page of groups, the most recently seen first, each with its first members. */
export async function sharedAccounts(
  db: DbOrTx,
  callerId: number,
  body: { by: SharedAccountsRequest['by']; page: number; limit: number },
  at: Date,
): Promise<SharedAccountsPage> {
  const since = new Date(at.getTime() - SHARED_ADDRESS_DAYS * DAY_MS);
  const rows = await queryRows<Row>(
    db,
    sql`with recursive ${downlineCte([callerId])},
        seen as (${sightings(body.by, since)}),
        per_user as (
          select key, user_id, bool_or(signup) as signed_up_here, sum(logins)::int as logins, max(seen_at) as seen_at
          from seen group by key, user_id
        ),
        groups as (
          select key, count(*)::int as user_count, max(seen_at) as seen_at
          from per_user group by key having count(*) > 1
        ),
        page as (
          select key, user_count, seen_at, count(*) over ()::int as total
          from groups order by seen_at desc nulls last, key
          limit ${body.limit} offset ${(body.page - 1) * body.limit}
        ),
        ranked as (
          select p.*, row_number() over (partition by p.key order by p.seen_at desc nulls last, p.user_id) as n
          from per_user p join page g on g.key = p.key
        )
        select g.key, g.user_count, g.total, r.user_id, r.signed_up_here, r.logins, r.seen_at,
               u.user_name, u.role, parent.user_name as parent_name, u.dial_code, u.mobile, u.created_at,
               u.login_locked, u.bet_locked
        from page g
        join ranked r on r.key = g.key and r.n <= ${SHARED_GROUP_MEMBERS}
        join users u on u.id = r.user_id
        left join users parent on parent.id = u.parent_id
        order by g.seen_at desc nulls last, g.key, r.n`,
  );
  const groups: SharedAccountsPage['groups'] = [];
  for (const r of rows) {
    let group = groups.at(-1);
    if (group?.key !== r.key) {
      group = { key: r.key, user_count: Number(r.user_count), users: [] };
      groups.push(group);
    }
    const member: SharedAccountMember = {
      user_id: Number(r.user_id),
      user_name: r.user_name,
      role: r.role,
      parent_name: r.parent_name ?? '',
      mobile: r.mobile == null ? null : `${r.dial_code ? `${r.dial_code} ` : ''}${r.mobile}`,
      created_at: iso(r.created_at)!,
      login_locked: r.login_locked,
      bet_locked: r.bet_locked,
      signed_up_here: r.signed_up_here,
      logins: Number(r.logins),
      last_seen_at: iso(r.seen_at),
    };
    group.users.push(member);
  }
  return {
    by: body.by,
    days: SHARED_ADDRESS_DAYS,
    total: rows.length > 0 ? Number(rows[0]!.total) : 0,
    page: body.page,
    limit: body.limit,
    groups,
  };
}
