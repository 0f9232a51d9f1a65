/**
 * The servers' own view of a run, from their `GET /metrics` (ADR 61): how long the bet route took
 * inside the processes (from the request's arrival to its answer), next to what the bettors saw.
 * A gap between the two is time spent before a process read the request, or in the clients.
 */

/** Cumulative counts of `exchange_http_request_duration_seconds` for one route, summed over the processes, by bucket bound. */
export async function routeHistogram(
  urls: readonly string[],
  token: string,
  route: string,
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const url of urls) {
    const text = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } })
      .then((r) => r.text())
      .catch(() => '');
    for (const line of text.split('\n')) {
      if (
        !line.startsWith('exchange_http_request_duration_seconds_bucket{') ||
        !line.includes(`route="${route}"`)
      )
        continue;
      const le = /le="([^"]+)"/.exec(line)?.[1];
      const value = Number(line.slice(line.lastIndexOf(' ') + 1));
      if (le === undefined) continue;
      const bound = le === '+Inf' ? Infinity : Number(le);
      out.set(bound, (out.get(bound) ?? 0) + value);
    }
  }
  return out;
}

/** The bucket bound the p-th percentile of the requests between two scrapes falls in (seconds), and their count. */
export function percentileBetween(
  before: Map<number, number>,
  after: Map<number, number>,
  p: number,
): { bound: number; count: number } {
  const bounds = [...after.keys()].sort((x, y) => x - y);
  const total = (after.get(Infinity) ?? 0) - (before.get(Infinity) ?? 0);
  for (const bound of bounds) {
    const n = (after.get(bound) ?? 0) - (before.get(bound) ?? 0);
    if (n >= (total * p) / 100) return { bound, count: total };
  }
  return { bound: Infinity, count: total };
}
