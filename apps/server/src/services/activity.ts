/**
 * The audit trail (issue 11): logins and sensitive actions of an account, with where they came
 * from. Written in the caller's transaction when there is one, so an action and its record
 * commit together.
 */
import type { ActivityKind } from '@exchange/contracts';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { activityLog } from '../db/schema/index.ts';

/** Where a request came from: its IP (the proxy's client when trustProxy is on) and User-Agent. */
export interface RequestOrigin {
  ip: string;
  device: string;
}

const DEVICE_MAX_LENGTH = 300;

export function originOf(request: Pick<FastifyRequest, 'ip' | 'headers'>): RequestOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? '', device: (typeof agent === 'string' ? agent : '').slice(0, DEVICE_MAX_LENGTH) };
}

export interface ActivityEntry {
  userId: number;
  kind: ActivityKind;
  origin?: RequestOrigin;
  /** A short fact for the screen, e.g. the amount of a payment request. */
  detail?: string;
  /** Set when someone else (an agent, the operator) acted on the account. */
  actorId?: number;
}

export async function recordActivity(db: DbOrTx, entry: ActivityEntry, at: Date): Promise<void> {
  await db.insert(activityLog).values({
    userId: entry.userId,
    kind: entry.kind,
    ip: entry.origin?.ip ?? '',
    device: entry.origin?.device ?? '',
    detail: entry.detail ?? '',
    actorId: entry.actorId ?? null,
    createdAt: at,
  });
}
