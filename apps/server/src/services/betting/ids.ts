import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';

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
    const rows = await queryRows<{ id: string | number }>(
      this.db,
      sql`select nextval('orders_id_seq') as id from generate_series(1, ${this.block})`,
    );
    this.pool.push(...rows.map((r) => Number(r.id)).sort((a, b) => a - b));
  }
}
