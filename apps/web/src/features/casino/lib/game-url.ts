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
