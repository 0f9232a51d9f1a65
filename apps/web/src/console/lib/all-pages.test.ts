import { describe, expect, it } from 'vitest';
import { EXPORT_MAX_ROWS, fetchAllPages } from './all-pages';

const list = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
/** A server holding `n` rows, recording the pages asked for. */
function server(n: number) {
  const asked: number[] = [];
  const fetchPage = async (page: number, limit: number) => {
    asked.push(page);
    return { rows: list(n).slice((page - 1) * limit, page * limit), total: n };
  };
  return { asked, fetchPage };
}

describe('fetchAllPages', () => {
  it('reads pages until the total is reached, and no page more', async () => {
    const s = server(250);
    expect(await fetchAllPages(s.fetchPage)).toEqual(list(250));
    expect(s.asked).toEqual([1, 2, 3]);
    const exact = server(200);
    expect((await fetchAllPages(exact.fetchPage)).length).toBe(200);
    expect(exact.asked).toEqual([1, 2]);
  });

  it('stops on an empty list and at the export cap', async () => {
    const none = server(0);
    expect(await fetchAllPages(none.fetchPage)).toEqual([]);
    expect(none.asked).toEqual([1]);
    const huge = server(EXPORT_MAX_ROWS + 500);
    expect((await fetchAllPages(huge.fetchPage)).length).toBe(EXPORT_MAX_ROWS);
    expect(huge.asked.length).toBe(EXPORT_MAX_ROWS / 100);
  });
});
