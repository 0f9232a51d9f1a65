import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CasinoLaunchRequest } from '@exchange/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { casinoLaunchTokens, sessions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { buttonsOf } from '../buttons.ts';
import { assertMayGamble } from '../safer-gambling/index.ts';
import { hashToken, type AuthUser } from '../sessions.ts';
import { allowedGameUrl, LAUNCH_TOKEN_IDLE_MS, LAUNCH_TOKEN_MAX_MS } from './config.ts';
import { refuseIfGameOff } from './games.ts';
import { providerUnavailable, type CasinoProviderClient } from './provider-client.ts';

export type LaunchToken = typeof casinoLaunchTokens.$inferSelect;

/**
 * mac88/launchNewGame: a fresh launch token for (user, game, platform session), stored hashed,
 * then the provider's one-time game URL for it. A game the operator switched off is refused, and so
 * is a bettor on a break or self-excluded. The token goes only to the provider (server to
 * server); the browser gets the provider's own one-time URL.
 */
export async function launchGame(
  db: Db,
  provider: CasinoProviderClient,
  user: AuthUser,
  gameCode: string,
  type: 1 | 3,
  now: Date,
): Promise<string> {
  // A bettor on a break or self-excluded gets no game (ADR 58); the debit refuses stakes too.
  await assertMayGamble(db, user.userId, now);
  const game = await provider.game(gameCode);
  if (!game) throw new AppError(404, 'GAME_NOT_FOUND', 'Game not found');
  await refuseIfGameOff(db, gameCode);
  const token = randomBytes(32).toString('base64url');
  await db.insert(casinoLaunchTokens).values({
    tokenHash: hashToken(token),
    userId: user.userId,
    gameCode,
    sessionTokenHash: user.tokenHash,
    launchType: type,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + LAUNCH_TOKEN_IDLE_MS),
    maxExpiresAt: new Date(now.getTime() + LAUNCH_TOKEN_MAX_MS),
  });
  const casinoButtons = (await buttonsOf(db, user.userId))
    .filter((b) => b.type === 'Casino')
    .map((b) => ({ label: b.button_name, value: b.button_value }));
  const request: CasinoLaunchRequest = { token, userId: user.userId, userName: user.userName, gameCode, type, casinoButtons };
  const answer = await provider.launch(request);
  switch (answer.status) {
    case 'OK': {
      // The web app frames this URL under the site's logo: only the provider's own origin will do.
      // Elsewhere the provider is misconfigured (or not ours): nothing the player can fix.
      const url = allowedGameUrl(answer.url, provider.gameOrigins());
      if (!url) throw providerUnavailable();
      return url;
    }
    case 'GAME_NOT_FOUND':
      throw new AppError(404, 'GAME_NOT_FOUND', answer.message || 'Game not found');
    case 'BAD_REQUEST':
      throw new AppError(400, 'VALIDATION_ERROR', answer.message || 'The game could not be opened');
    default:
      // INVALID_SIGNATURE: the two services disagree on the secret; nothing the player can fix.
      throw providerUnavailable();
  }
}

export type TokenCheck =
  | { status: 'OK'; token: LaunchToken }
  | { status: 'INVALID_TOKEN' }
  | { status: 'TOKEN_EXPIRED'; token: LaunchToken };

/**
 * The launch token of a wallet call, checked against the user and game it was issued for.
 * Expired: idle or past its hard limit, or its platform session has ended (logout, password
 * change). Credits and rollbacks accept an expired token (casino.md); the caller decides.
 */
export async function checkLaunchToken(db: DbOrTx, token: string, userId: number, gameCode: string, now: Date): Promise<TokenCheck> {
  const [row] = await db
    .select({ token: casinoLaunchTokens, sessionRevokedAt: sessions.revokedAt, sessionId: sessions.id })
    .from(casinoLaunchTokens)
    .leftJoin(sessions, eq(sessions.tokenHash, casinoLaunchTokens.sessionTokenHash))
    .where(eq(casinoLaunchTokens.tokenHash, hashToken(token)));
  if (!row || row.token.userId !== userId || row.token.gameCode !== gameCode) return { status: 'INVALID_TOKEN' };
  const expired = row.token.expiresAt <= now || row.token.maxExpiresAt <= now || row.sessionId === null || row.sessionRevokedAt !== null;
  return expired ? { status: 'TOKEN_EXPIRED', token: row.token } : { status: 'OK', token: row.token };
}

/** A balance or debit call keeps the token alive: idle expiry moves forward (up to the hard limit). */
export async function touchLaunchToken(db: DbOrTx, token: LaunchToken, now: Date): Promise<void> {
  const expiresAt = new Date(Math.min(now.getTime() + LAUNCH_TOKEN_IDLE_MS, token.maxExpiresAt.getTime()));
  await db
    .update(casinoLaunchTokens)
    .set({ lastUsedAt: now, expiresAt })
    .where(eq(casinoLaunchTokens.id, token.id));
}
