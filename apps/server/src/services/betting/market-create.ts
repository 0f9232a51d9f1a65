/**
 * Creating markets with their runners (the operator, the feed, the seed), many in one
 * transaction; a market with an external key is created once.
 */
import { inArray } from 'drizzle-orm';
import type { MarketKind, MarketStatus, MarketType } from '@exchange/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { markets, matches, runners } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Clock } from '../../lib/time.ts';
import type { SessionHours } from './hours.ts';
import { refuse } from './refusals.ts';

export interface CreateMarketInput {
  matchId: number;
  raceId?: number | null;
  kind: MarketKind;
  marketType: MarketType;
  name: string;
  runners?: { selectionId?: number; name: string; backRate?: number | null; layRate?: number | null }[];
  status?: MarketStatus;
  inPlay?: boolean;
  startTime?: Date;
  minStakePaise?: number;
  maxStakePaise?: number;
  maxProfitPaise?: number;
  betDelayMs?: number;
  commissionBps?: number;
  places?: number;
  sort?: number;
  fancy?: { noLine: number; noRate: number; yesLine: number; yesRate: number };
  session?: SessionHours;
  externalKey?: string;
}

const DEFAULT_LIMITS: Record<
  MarketKind,
  { min: number; max: number; profit: number; commissionBps: number }
> = {
  EXCHANGE: { min: 10_000, max: 50_000_000, profit: 250_000_000, commissionBps: 200 },
  BOOKMAKER: { min: 10_000, max: 20_000_000, profit: 100_000_000, commissionBps: 0 },
  FANCY: { min: 10_000, max: 5_000_000, profit: 25_000_000, commissionBps: 0 },
};

/**
 * Creates many markets in one transaction (a feed or the seed): those whose external key
 * exists already are left as they are. Returns the markets' ids in the order given.
 * `created`, when given, is told inside the transaction of the markets it created (none when
 * every key existed): the operator's audit row (ADR 36).
 */
export async function createMarkets(
  db: Db,
  clock: Clock,
  inputs: readonly CreateMarketInput[],
  created?: (tx: DbOrTx, marketIds: number[]) => Promise<void>,
): Promise<number[]> {
  for (const input of inputs) {
    if (input.kind === 'FANCY' && input.runners?.length)
      throw refuse.invalid('A fancy market has a line, not runners');
    if (input.kind !== 'FANCY' && (input.runners?.length ?? 0) < 1)
      throw refuse.invalid('A market needs at least one runner');
    if (input.marketType === 'BINARY' && !input.session)
      throw refuse.invalid('A binary market needs its session hours');
    const seen = new Set<number>();
    for (const [i, r] of (input.runners ?? []).entries()) {
      const selectionId = r.selectionId ?? i + 1;
      if (seen.has(selectionId)) throw refuse.invalid(`Selection ${selectionId} listed twice`);
      seen.add(selectionId);
    }
  }
  return db.transaction(async (tx) => {
    const keys = inputs.map((i) => i.externalKey).filter((k): k is string => k !== undefined);
    const known = new Map<string, number>();
    for (let i = 0; i < keys.length; i += 500) {
      const rows = await tx
        .select({ id: markets.id, key: markets.externalKey })
        .from(markets)
        .where(inArray(markets.externalKey, keys.slice(i, i + 500)));
      for (const r of rows) known.set(r.key!, r.id);
    }
    const fresh = inputs.filter((i) => i.externalKey === undefined || !known.has(i.externalKey));
    const matchIds = [...new Set(fresh.map((i) => i.matchId))];
    const matchRows =
      matchIds.length > 0 ? await tx.select().from(matches).where(inArray(matches.matchId, matchIds)) : [];
    const matchById = new Map(matchRows.map((m) => [m.matchId, m]));
    const now = clock();
    const ids = new Map<CreateMarketInput, number>();
    for (let i = 0; i < fresh.length; i += 200) {
      const chunk = fresh.slice(i, i + 200);
      const rows = await tx
        .insert(markets)
        .values(
          chunk.map((input) => {
            const match = matchById.get(input.matchId);
            if (!match) throw new AppError(404, 'NOT_FOUND', 'Match not found');
            const limits = DEFAULT_LIMITS[input.kind];
            const minStake = input.minStakePaise ?? limits.min;
            const maxStake = input.maxStakePaise ?? Math.max(limits.max, minStake);
            // The markets table checks it too; refused here, it is the operator's 400, not a 500.
            if (maxStake < minStake) throw new AppError(400, 'VALIDATION_ERROR', 'Max stake must not be below min stake');
            const inPlay = input.inPlay ?? match.inPlay;
            return {
              matchId: input.matchId,
              raceId: input.raceId ?? null,
              kind: input.kind,
              marketType: input.marketType,
              name: input.name,
              sort: input.sort ?? 0,
              status: input.status ?? 'OPEN',
              inPlay,
              inPlayAt: inPlay ? now : null,
              startTime: input.startTime ?? match.startTime,
              minStakePaise: minStake,
              maxStakePaise: maxStake,
              maxProfitPaise: input.maxProfitPaise ?? limits.profit,
              betDelayMs: input.betDelayMs ?? 0,
              commissionBps: input.commissionBps ?? limits.commissionBps,
              places: input.places ?? 1,
              noLine: input.fancy?.noLine ?? null,
              noRate: input.fancy?.noRate ?? null,
              yesLine: input.fancy?.yesLine ?? null,
              yesRate: input.fancy?.yesRate ?? null,
              sessionOpenMinute: input.session?.openMinute ?? null,
              sessionCloseMinute: input.session?.closeMinute ?? null,
              sessionWeekdaysOnly: input.session?.weekdaysOnly ?? false,
              externalKey: input.externalKey ?? null,
              createdAt: now,
            };
          }),
        )
        .returning({ id: markets.id });
      // Rows come back in the order inserted.
      chunk.forEach((input, j) => ids.set(input, rows[j]!.id));
      const runnerRows = chunk.flatMap((input) =>
        (input.runners ?? []).map((r, k) => ({
          marketId: ids.get(input)!,
          selectionId: r.selectionId ?? k + 1,
          name: r.name,
          sort: k,
          backRate: r.backRate ?? null,
          layRate: r.layRate ?? null,
        })),
      );
      for (let k = 0; k < runnerRows.length; k += 1000)
        await tx.insert(runners).values(runnerRows.slice(k, k + 1000));
    }
    if (created) await created(tx, [...ids.values()]);
    return inputs.map((input) => ids.get(input) ?? known.get(input.externalKey!)!);
  });
}
