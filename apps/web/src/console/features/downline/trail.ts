/**
 * The way down the tree to the agent whose downline is shown, kept in the address (`?at=` of
 * `id:name` pairs, top first) so that Back, a reload and a shared link show the same level and
 * its breadcrumbs. Names are [A-Za-z0-9_], so ':' and ',' cannot occur in them. The server
 * decides what the last id may show; a trail it refuses shows the refusal.
 */
export interface TrailStep {
  user_id: number;
  user_name: string;
}

export function parseTrail(text: string | null): TrailStep[] {
  if (!text) return [];
  const steps: TrailStep[] = [];
  for (const part of text.split(',')) {
    const m = /^(\d{1,12}):([A-Za-z0-9_]{1,20})$/.exec(part);
    if (!m) return [];
    steps.push({ user_id: Number(m[1]), user_name: m[2]! });
  }
  return steps;
}

export function formatTrail(steps: readonly TrailStep[]): string {
  return steps.map((s) => `${s.user_id}:${s.user_name}`).join(',');
}

/** The downline page's address for a trail (the caller's own level when empty). */
export function downlinePath(steps: readonly TrailStep[]): string {
  return steps.length === 0 ? '/downline' : `/downline?at=${formatTrail(steps)}`;
}
