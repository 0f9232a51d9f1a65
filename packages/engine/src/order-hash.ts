import type { Price } from './ladder.ts';
import type { Paise } from './money.ts';
import type { OrderId, RestingOrder, UserId } from './order-book.ts';

/**
 * FNV-1a (32-bit) over 32-bit words of each resting order's fields, in book order. Both books
 * feed it the same words, so a fast book and its reference (or two replays) hash equal exactly
 * when they hold the same orders in the same priority order.
 */
export class OrderHash {
  private h = 0x811c9dc5;

  addOrderFields(orderId: OrderId, userId: UserId, isLay: number, price: Price, remainingPaise: Paise, isLapse: number): void {
    this.addNumber(orderId);
    this.addNumber(userId);
    this.addNumber(remainingPaise);
    this.addWord(price | (isLay << 24) | (isLapse << 25));
  }

  /** Adds a resting order given as an object (the reference book's form). */
  addOrder(o: RestingOrder): void {
    this.addOrderFields(o.orderId, o.userId, o.side === 'LAY' ? 1 : 0, o.price, o.remainingPaise, o.persistence === 'LAPSE' ? 1 : 0);
  }

  /** Adds a non-negative safe integer as its low and high 32-bit words. */
  addNumber(n: number): void {
    this.addWord(n);
    this.addWord(n / 0x1_0000_0000);
  }

  digest(): string {
    return (this.h >>> 0).toString(16).padStart(8, '0');
  }

  private addWord(n: number): void {
    // `>>> 0` keeps the low 32 bits of the integer part.
    this.h = Math.imul(this.h ^ (n >>> 0), 0x01000193);
  }
}
