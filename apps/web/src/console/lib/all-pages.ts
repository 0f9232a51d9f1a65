/** The most rows a CSV export reads (100 pages of 100): beyond that, narrow the filter. */
export const EXPORT_MAX_ROWS = 10_000;
const EXPORT_PAGE_SIZE = 100;

/**
 * Every row of a server-paged list, for a CSV export: pages of 100 read in turn until the total
 * (as the first page told it) is reached, a page comes back short, or EXPORT_MAX_ROWS.
 */
export async function fetchAllPages<T>(
  fetchPage: (page: number, limit: number) => Promise<{ rows: readonly T[]; total: number }>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; rows.length < EXPORT_MAX_ROWS; page++) {
    const answer = await fetchPage(page, EXPORT_PAGE_SIZE);
    rows.push(...answer.rows);
    if (answer.rows.length < EXPORT_PAGE_SIZE || rows.length >= answer.total) break;
  }
  return rows.slice(0, EXPORT_MAX_ROWS);
}
