/**
 * Casino games on and off (ADR 36): the provider's static game list, less the games the operator
 * switched off in `casino_game_settings` (absent: on). The switch is read from the table on
 * every lobby read and launch, never cached with the list (a minute), so a game turned off
 * leaves the lobby at once and cannot be launched.
 */
import { eq } from 'drizzle-orm';
import type { OperatorCasinoGame, SetCasinoGameRequest, StaticCasinoGame } from '@exchange/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { casinoGameSettings } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import type { CasinoProviderClient } from './provider-client.ts';

const gameNotFound = () => new AppError(404, 'GAME_NOT_FOUND', 'Game not found');
/** 409, not 403: a 403 signs the bettor's app out (ADR 28). */
const gameDisabled = () => new AppError(409, 'GAME_DISABLED', 'This game is not available right now');

async function switchedOff(db: DbOrTx): Promise<Set<string>> {
  const rows = await db
    .select({ gameCode: casinoGameSettings.gameCode })
    .from(casinoGameSettings)
    .where(eq(casinoGameSettings.enabled, false));
  return new Set(rows.map((r) => r.gameCode));
}

/** casino/getGameList: the provider's games the operator has not switched off. */
export async function lobbyGames(db: DbOrTx, provider: CasinoProviderClient): Promise<StaticCasinoGame[]> {
  const [games, off] = await Promise.all([provider.games(), switchedOff(db)]);
  return games.filter((g) => !off.has(g.gamecode));
}

/** mac88/launchNewGame refuses a game switched off. */
export async function refuseIfGameOff(db: DbOrTx, gameCode: string): Promise<void> {
  const [row] = await db.select({ enabled: casinoGameSettings.enabled }).from(casinoGameSettings).where(eq(casinoGameSettings.gameCode, gameCode));
  if (row && !row.enabled) throw gameDisabled();
}

const operatorGame = (g: StaticCasinoGame, enabled: boolean): OperatorCasinoGame => ({
  game_code: g.gamecode,
  name: g.gamename,
  provider: g.provider,
  category: g.category,
  enabled,
});

/** Every game of the provider's list, each on or off. */
export async function operatorCasinoGames(db: DbOrTx, provider: CasinoProviderClient): Promise<OperatorCasinoGame[]> {
  const [games, off] = await Promise.all([provider.games(), switchedOff(db)]);
  return games.map((g) => operatorGame(g, !off.has(g.gamecode)));
}

/** Turns a game of the provider's list on or off; one audit row when it changed. */
export async function setCasinoGame(
  db: Db,
  provider: CasinoProviderClient,
  actor: AuditActor,
  body: z.output<typeof SetCasinoGameRequest>,
): Promise<OperatorCasinoGame> {
  const game = await provider.game(body.game_code);
  if (!game) throw gameNotFound();
  await db.transaction(async (tx) => {
    const [known] = await tx.select().from(casinoGameSettings).where(eq(casinoGameSettings.gameCode, game.gamecode)).for('update');
    const was = known?.enabled ?? true;
    await tx
      .insert(casinoGameSettings)
      .values({ gameCode: game.gamecode, enabled: body.enabled, updatedBy: actor.actorId, updatedAt: actor.at })
      .onConflictDoUpdate({
        target: casinoGameSettings.gameCode,
        set: { enabled: body.enabled, updatedBy: actor.actorId, updatedAt: actor.at },
      });
    if (was === body.enabled) return;
    await recordAudit(tx, actor, {
      action: 'casino_game.set',
      targetType: 'casino_game',
      targetId: game.gamecode,
      summary: `Turned ${body.enabled ? 'on' : 'off'} the casino game ${game.gamename} (${game.gamecode})`,
      before: { enabled: was },
      after: { enabled: body.enabled },
    });
  });
  return operatorGame(game, body.enabled);
}
