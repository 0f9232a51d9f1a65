import { readJson, SESSION_KEYS, writeJson } from '@/lib/storage';

/** The game frame only embeds http(s) pages (no javascript: or data: URLs from a crafted link). */
export function safeGameUrl(raw: string | null, base: string): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The in-app route that shows a launched game full-page. */
export function gameFramePath(gameUrl: string): string {
  return `/casino/mac88/game?url=${encodeURIComponent(gameUrl)}`;
}

/** How many launched game URLs a tab keeps (a reload or Back to one of them still frames it). */
const LAUNCHED_KEPT = 10;

/**
 * Remembers a game URL `mac88/launchNewGame` returned (the server accepts only URLs on the
 * casino provider's configured origin), so this tab's game frame may show it (ADR 24).
 */
export function rememberLaunchedGame(gameUrl: string, base: string, storage: Storage = sessionStorage): void {
  const url = safeGameUrl(gameUrl, base);
  if (!url) return;
  const stored = readJson<unknown>(storage, SESSION_KEYS.launchedGames);
  const launched = Array.isArray(stored) ? stored.filter((u) => u !== url) : [];
  writeJson(storage, SESSION_KEYS.launchedGames, [...launched, url].slice(-LAUNCHED_KEPT));
}

/**
 * The URL the game frame may show: one this tab's casino launch returned, else null. A crafted
 * link (`#/casino/mac88/game?url=https://elsewhere`) would otherwise show any page under the
 * site's logo and the user's name: a phishing page on a site that warns about phishing.
 */
export function launchedGameUrl(
  raw: string | null,
  base: string,
  storage: Storage = sessionStorage,
): string | null {
  const url = safeGameUrl(raw, base);
  if (!url) return null;
  const launched = readJson<string[]>(storage, SESSION_KEYS.launchedGames);
  return Array.isArray(launched) && launched.includes(url) ? url : null;
}
