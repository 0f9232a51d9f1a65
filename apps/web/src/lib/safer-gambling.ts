import { useQuery } from '@tanstack/react-query';
import { fetchData } from './api';
import { queryKeys } from './query-keys';

/**
 * user/getSaferGambling: the bettor's deposit and loss limits, what is left of each, changes
 * waiting, and the reality check's interval. Shared by the limits page, the deposit page's
 * "Deposit limit: ₹X left" and the reality check reminder.
 */
export function useSaferGambling(enabled = true) {
  return useQuery({
    queryKey: queryKeys.saferGambling,
    queryFn: () => fetchData('getSaferGambling'),
    enabled,
  });
}
