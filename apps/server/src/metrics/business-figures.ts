/**
 * The business's figures a scrape reports (ADR 61): read from the database at scrape time, in one
 * query of a few cheap aggregates, and kept 5 s, so several scrapers (or a dashboard reloaded)
 * cost one read every 5 s at most, whatever their rate.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';

export interface BusinessFigures {
  /** Open exposure over every bettor (what the bettors could lose on unsettled markets), in paise. */
  exposurePaise: number;
  /** Unsettled markets in play and not closed. */
  marketsInPlay: number;
  /** Markets closed and not settled yet: results owed. */
  marketsAwaitingSettlement: number;
  /** Deposit and withdrawal requests waiting for their agent, by kind. */
  pendingPayments: { DEPOSIT: number; WITHDRAW: number };
  /**
   * When the oldest of those requests was made (epoch ms), by kind; null when none waits. A time,
   * not an age: the age is taken at each scrape, so a cached read does not make it stand still.
   */
  oldestPendingPaymentAt: { DEPOSIT: number | null; WITHDRAW: number | null };
}

export const FIGURES_TTL_MS = 5_000;

interface FiguresRow extends Record<string, unknown> {
  exposure_paise: string | number | null;
  in_play: string | number;
  awaiting: string | number;
  deposits: string | number;
  withdrawals: string | number;
  oldest_deposit_ms: string | number | null;
  oldest_withdrawal_ms: string | number | null;
}

// extract() gives a numeric: a string on node-postgres, null when no row matched.
const epochMsOrNull = (value: string | number | null | undefined): number | null =>
  value === null || value === undefined ? null : Math.round(Number(value));

async function readFigures(db: Db): Promise<BusinessFigures> {
  // Counts and sums come back as strings (bigint) on node-postgres: Number() on each.
  const [row] = await queryRows<FiguresRow>(
    db,
    sql`SELECT
          (SELECT coalesce(sum(exposure_paise), 0) FROM ledger_accounts WHERE kind = 'user') AS exposure_paise,
          (SELECT count(*) FROM markets WHERE settled_at IS NULL AND in_play AND status <> 'CLOSED') AS in_play,
          (SELECT count(*) FROM markets WHERE settled_at IS NULL AND status = 'CLOSED') AS awaiting,
          (SELECT count(*) FROM payment_requests WHERE status = 'PENDING' AND kind = 'DEPOSIT') AS deposits,
          (SELECT count(*) FROM payment_requests WHERE status = 'PENDING' AND kind = 'WITHDRAW') AS withdrawals,
          (SELECT extract(epoch FROM min(created_at)) * 1000 FROM payment_requests
            WHERE status = 'PENDING' AND kind = 'DEPOSIT') AS oldest_deposit_ms,
          (SELECT extract(epoch FROM min(created_at)) * 1000 FROM payment_requests
            WHERE status = 'PENDING' AND kind = 'WITHDRAW') AS oldest_withdrawal_ms`,
  );
  return {
    exposurePaise: Number(row?.exposure_paise ?? 0),
    marketsInPlay: Number(row?.in_play ?? 0),
    marketsAwaitingSettlement: Number(row?.awaiting ?? 0),
    pendingPayments: { DEPOSIT: Number(row?.deposits ?? 0), WITHDRAW: Number(row?.withdrawals ?? 0) },
    oldestPendingPaymentAt: {
      DEPOSIT: epochMsOrNull(row?.oldest_deposit_ms),
      WITHDRAW: epochMsOrNull(row?.oldest_withdrawal_ms),
    },
  };
}

/** The figures, read at most once per FIGURES_TTL_MS; the scrapes meanwhile share the read in flight. */
export function cachedFigures(db: Db, now: () => number = Date.now): () => Promise<BusinessFigures> {
  let read: { at: number; figures: Promise<BusinessFigures> } | null = null;
  return () => {
    if (read && now() - read.at < FIGURES_TTL_MS) return read.figures;
    const figures = readFigures(db);
    read = { at: now(), figures };
    // A failed read is not kept: the next scrape tries again.
    figures.catch(() => {
      if (read?.figures === figures) read = null;
    });
    return figures;
  };
}
