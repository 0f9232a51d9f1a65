import { useQuery } from '@tanstack/react-query';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';

/** The nudges refresh the dashboard; without the socket it is read again this often. */
const DASHBOARD_POLL_MS = 60_000;

/** agent/getDashboard: the caller's and its downline's money, the house's P&L, what waits. */
export function useDashboard() {
  return useQuery({
    queryKey: consoleKeys.dashboard,
    queryFn: () => fetchData('agentGetDashboard'),
    refetchInterval: DASHBOARD_POLL_MS,
  });
}
