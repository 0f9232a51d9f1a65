import type { ButtonValue } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from './api';
import { queryKeys } from './query-keys';

/** user/getButtonValue answers a JSON string; an unreadable one counts as no buttons. */
export function parseButtonValues(raw: unknown): ButtonValue[] {
  try {
    const rows: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
    if (!Array.isArray(rows)) return [];
    return rows
      .filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null)
      .map((r) => ({
        button_name: String(r.button_name ?? ''),
        button_value: Number(r.button_value ?? 0),
        type: r.type === 'Casino' ? 'Casino' : 'Game',
      }));
  } catch {
    return [];
  }
}

/** The user's stake buttons (Game and Casino), shared by the Set Button Value modal and bet slips. */
export function useButtonValues(enabled = true) {
  return useQuery({
    queryKey: queryKeys.buttonValues,
    queryFn: async () => parseButtonValues(await fetchData('getButtonValue')),
    enabled,
    staleTime: 5 * 60_000,
  });
}
