import { Percent } from '@exchange/contracts';
import { z } from 'zod';

/** A percentage as typed (an empty field: not given), checked with the contract's own rule once a number. */
export const percentText = (name: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : Number(v)))
    .pipe(z.number({ error: `${name} must be a number` }).optional())
    .pipe(Percent(name).optional());

/** The commission fields an agent sets for any account (ADR 48), in the form's order. */
export const COMMISSIONS = [
  { name: 'match_commission', label: 'Match', hint: 'a net loss on match odds or bookmaker' },
  { name: 'session_commission', label: 'Session', hint: 'fancy stakes, won or lost' },
  { name: 'casino_commission', label: 'Casino', hint: 'casino losses' },
] as const;
export type CommissionName = (typeof COMMISSIONS)[number]['name'];

/** Percentages in basis points, so that 90 - 80.55 is 9.45 and not 9.450000000000003. */
const bp = (percent: number) => Math.round(percent * 100);

/**
 * The three figures the clones show for an agent's partnership (ADR 48), as percentages of the
 * downline's P&L: the caller's upline keeps 100 less the caller's own figure; the caller keeps its
 * own figure less what it gives; the agent and the agents it creates keep what it is given.
 */
export function shareSplit(own: number, given: number): { upline: number; ours: number; downline: number } {
  return { upline: (10_000 - bp(own)) / 100, ours: (bp(own) - bp(given)) / 100, downline: bp(given) / 100 };
}

/** Why the server would refuse this partnership for a child (more than the caller holds); null: none. */
export function partnershipProblem(given: number | undefined, own: number | null): string | null {
  if (given === undefined || own === null || bp(given) <= bp(own)) return null;
  return `Partnership must be at most ${formatPercent(own)}, your own`;
}

/** A percentage as the console shows it: 80%, 12.5%, 9.45%. */
export const formatPercent = (percent: number) => `${bp(percent) / 100}%`;

/**
 * The caller's own partnership as console/getMe gives it (the root's 100); null until it is loaded
 * (a login stored by an older console carries no figures: getMe's answer brings them).
 */
export function ownPartnership(own: { terms?: { partnership: number | null } } | null | undefined): number | null {
  return own?.terms?.partnership ?? null;
}
