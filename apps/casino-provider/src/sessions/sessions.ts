import { randomBytes } from 'node:crypto';
import type { CasinoLaunchButton, CasinoLaunchRequest } from '@exchange/contracts';
import type { Clock } from '../lib/clock.ts';

export interface PlayerSession {
  id: string;
  /** The platform's token, passed back in every wallet call. */
  token: string;
  userId: number | string;
  userName: string;
  gameCode: string;
  type: 1 | 3;
  buttons: CasinoLaunchButton[];
  expiresAt: number;
}

interface Grant extends Omit<PlayerSession, 'id'> {
  used: boolean;
}

/**
 * One-time launch tokens (from POST /api/launch) and the player sessions the game page gets for
 * them. Memory only: a provider restart asks players to open the game again from the lobby.
 */
export class SessionStore {
  private grants = new Map<string, Grant>();
  private sessions = new Map<string, PlayerSession>();

  constructor(
    private readonly clock: Clock,
    private readonly ttl = { launchMs: 5 * 60_000, sessionMs: 12 * 3600_000 },
  ) {}

  /** A launch token for the URL; good for one exchange within launchMs. */
  grant(req: CasinoLaunchRequest): string {
    this.prune();
    const lt = randomBytes(24).toString('base64url');
    this.grants.set(lt, { token: req.token, userId: req.userId, userName: req.userName, gameCode: req.gameCode, type: req.type, buttons: req.casinoButtons, expiresAt: this.clock.now() + this.ttl.launchMs, used: false });
    return lt;
  }

  /** Exchanges a launch token (once) for a player session. */
  exchange(lt: string, gameCode: string): PlayerSession | { error: string } {
    const grant = this.grants.get(lt);
    if (!grant || grant.expiresAt < this.clock.now()) return { error: 'This game link has expired. Open the game again from the casino.' };
    if (grant.used) return { error: 'This game link was already used. Open the game again from the casino.' };
    if (grant.gameCode !== gameCode) return { error: 'This game link is for another game.' };
    grant.used = true;
    const session: PlayerSession = { ...grant, id: randomBytes(24).toString('base64url'), expiresAt: this.clock.now() + this.ttl.sessionMs };
    delete (session as Partial<Grant>).used;
    this.sessions.set(session.id, session);
    return session;
  }

  get(id: string | undefined): PlayerSession | undefined {
    if (!id) return undefined;
    const s = this.sessions.get(id);
    if (!s || s.expiresAt < this.clock.now()) return undefined;
    return s;
  }

  private prune(): void {
    const now = this.clock.now();
    for (const [k, g] of this.grants) if (g.expiresAt < now) this.grants.delete(k);
    for (const [k, s] of this.sessions) if (s.expiresAt < now) this.sessions.delete(k);
  }
}
