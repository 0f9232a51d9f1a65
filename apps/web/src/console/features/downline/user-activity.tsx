import type { ActivityRow } from '@exchange/contracts';
import { useState } from 'react';
import { DataTable, ToolSelect, useServerPaging, type Column } from '@/console/components';
import { formatIst } from '@/lib/format';
import { allUserActivityRows, useUserActivity, type ActivityFilter } from './api/user-activity';

const COLUMNS: Column<ActivityRow>[] = [
  {
    key: 'at',
    header: 'When (IST)',
    value: (r) => r.created_at,
    render: (r) => <span className="nowrap">{formatIst(r.created_at)}</span>,
  },
  { key: 'what', header: 'What', value: (r) => r.description },
  {
    key: 'by',
    header: 'By',
    value: (r) => r.by ?? '',
    render: (r) => r.by ?? <span className="muted">themselves</span>,
  },
  { key: 'ip', header: 'IP', value: (r) => r.ip },
  { key: 'device', header: 'Device', value: (r) => r.device },
];

/** A downline user's logins and sensitive actions (agent/getUserActivityLog), newest first; CSV. */
export function UserActivity({ userId, userName }: { userId: number; userName: string }) {
  const [filter, setFilter] = useState<ActivityFilter>('all');
  const { page, limit, first, paging } = useServerPaging();
  const log = useUserActivity(userId, filter, page, limit);
  return (
    <DataTable
      columns={COLUMNS}
      rows={log.data?.rows}
      rowKey={(r) => r.id}
      loading={log.isFetching}
      error={log.error}
      onRetry={log.refetch}
      empty="Nothing logged yet."
      testId="user-activity-table"
      cardsOnPhone
      paging={paging(log.data?.total)}
      csvName={`activity-${userName}`}
      csvRows={() => allUserActivityRows(userId, filter)}
      tools={
        <ToolSelect
          label="Kind"
          value={filter}
          options={[
            { value: 'all', label: 'Everything' },
            { value: 'logins', label: 'Logins' },
            { value: 'actions', label: 'Actions' },
          ]}
          onChange={(next) => {
            setFilter(next);
            first();
          }}
          testId="user-activity-filter"
        />
      }
    />
  );
}
