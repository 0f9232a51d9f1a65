import type { ActivityLogRequest, ActivityRow } from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, ToolSelect, useServerPaging, type Column } from '@/console/components';
import { fetchAllPages } from '@/console/lib/all-pages';
import { fetchData } from '@/lib/api';
import { formatIst } from '@/lib/format';
import { downlineKeys } from './api';

type Filter = NonNullable<ActivityLogRequest['filter']>;

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
  const [filter, setFilter] = useState<Filter>('all');
  const { page, limit, first, paging } = useServerPaging();
  const log = useQuery({
    queryKey: downlineKeys.user(userId, 'activity', filter, page, limit),
    queryFn: () => fetchData('agentGetUserActivityLog', { user_id: userId, filter, page, limit }),
    placeholderData: keepPreviousData,
  });
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
      csvRows={() =>
        fetchAllPages((p, l) =>
          fetchData('agentGetUserActivityLog', { user_id: userId, filter, page: p, limit: l }),
        )
      }
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
