import { sql } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx } from '../../db/client.ts';

/** `n` new order ids from the orders' sequence, ascending (inside a transaction: its own). */
export async function nextOrderIds(db: DbOrTx, n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = await queryRows<{ id: string | number }>(db, sql`select nextval('orders_id_seq') as id from generate_series(1, ${n})`);
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/**
 * Bet ids taken from the orders' sequence in blocks, so a bet's id is known before its one
 * write (the book rests the order under it). Gaps are harmless; ids are unique across
 * processes, and time priority comes from the market version (book_seq), not from the id.
 */
export class IdAllocator {
  private pool: number[] = [];
  private refill: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly block = 64,
  ) {}

  async take(): Promise<number> {
    while (this.pool.length === 0) {
      this.refill ??= this.fetch().finally(() => (this.refill = null));
      await this.refill;
    }
    return this.pool.shift()!;
  }

  private async fetch(): Promise<void> {
    this.pool.push(...(await nextOrderIds(this.db, this.block)));
  }
}
