/**
 * The rule of a bettor's own limit (safer-gambling.md), pure: a new limit or a lower one applies
 * at once; a higher one, or none, waits LIMIT_COOLING_OFF_MS and then the bettor's confirmation.
 */
import { LIMIT_COOLING_OFF_MS } from '@exchange/contracts';

/** A limit as stored: in force (null: none) and any change waiting since `pendingAt`. */
export interface LimitState {
  amountPaise: number | null;
  pendingAmountPaise: number | null;
  pendingAt: Date | null;
}

export const NO_LIMIT: LimitState = { amountPaise: null, pendingAmountPaise: null, pendingAt: null };

/** Whether `next` is tighter than or as tight as `current` (null: no limit, the loosest). */
const noLooser = (next: number | null, current: number | null) =>
  next !== null && (current === null || next <= current);

/** The limit after the bettor asks for `amountPaise` (null: none) at `now`. */
export function askLimit(state: LimitState, amountPaise: number | null, now: Date): LimitState {
  // Tighter, or the same: at once, and any looser change waiting is dropped.
  if (noLooser(amountPaise, state.amountPaise))
    return { amountPaise, pendingAmountPaise: null, pendingAt: null };
  // No limit asked for while none is in force: nothing to do but drop a change waiting.
  if (amountPaise === null && state.amountPaise === null) return NO_LIMIT;
  // Looser: it waits (asking again starts the wait again).
  return { amountPaise: state.amountPaise, pendingAmountPaise: amountPaise, pendingAt: now };
}

/** When a change waiting may be confirmed (null: none waits). */
export const confirmableAt = (state: LimitState): Date | null =>
  state.pendingAt === null ? null : new Date(state.pendingAt.getTime() + LIMIT_COOLING_OFF_MS);

/** The limit after the bettor confirms at `now`; undefined when nothing waits or it is too soon. */
export function confirmLimit(state: LimitState, now: Date): LimitState | undefined {
  const at = confirmableAt(state);
  if (at === null || now.getTime() < at.getTime()) return undefined;
  return { amountPaise: state.pendingAmountPaise, pendingAmountPaise: null, pendingAt: null };
}
