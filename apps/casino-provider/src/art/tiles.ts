import type { CasinoCategory } from '@exchange/contracts';
import { GAMES, type CasinoGame } from '../games/index.ts';

// Game tile artwork drawn in code (no outside image hosts): a gradient by category, a motif and
// the game's name. 320 x 200 SVG.

const PALETTE: Record<CasinoCategory, [string, string]> = {
  teenpatti: ['#7b1fa2', '#311b92'],
  andarbahar: ['#c62828', '#4a148c'],
  'Dragon Tiger': ['#e65100', '#b71c1c'],
  baccarat: ['#1b5e20', '#004d40'],
  sicbo: ['#ad1457', '#4a148c'],
  roulette: ['#2e7d32', '#1b5e20'],
  poker: ['#0d47a1', '#1a237e'],
  lucky7: ['#f9a825', '#e65100'],
  '32cards': ['#00838f', '#01579b'],
  cricketwar: ['#558b2f', '#1b5e20'],
  lottery: ['#6a1b9a', '#c2185b'],
  virtual: ['#263238', '#37474f'],
  others: ['#4e342e', '#bf360c'],
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function card(x: number, y: number, rank: string, suit: string, rotate: number): string {
  const red = suit === '♥' || suit === '♦';
  return `<g transform="translate(${x} ${y}) rotate(${rotate})"><rect x="-26" y="-38" width="52" height="76" rx="6" fill="#fff" stroke="#222" stroke-width="1.5"/><text x="-19" y="-18" font-size="16" font-weight="700" fill="${red ? '#c62828' : '#111'}">${rank}</text><text x="0" y="16" font-size="30" text-anchor="middle" fill="${red ? '#c62828' : '#111'}">${suit}</text></g>`;
}

function motif(game: CasinoGame): string {
  switch (game.engine.deck) {
    case 'roulette':
      return `<g transform="translate(250 92)"><circle r="52" fill="#111" stroke="#d4af37" stroke-width="5"/>${Array.from({ length: 18 }, (_, i) => `<path d="M0 0 L${(48 * Math.cos((i * 20 * Math.PI) / 180)).toFixed(1)} ${(48 * Math.sin((i * 20 * Math.PI) / 180)).toFixed(1)} A48 48 0 0 1 ${(48 * Math.cos(((i * 20 + 20) * Math.PI) / 180)).toFixed(1)} ${(48 * Math.sin(((i * 20 + 20) * Math.PI) / 180)).toFixed(1)} Z" fill="${i === 0 ? '#2e7d32' : i % 2 ? '#c62828' : '#111'}"/>`).join('')}<circle r="18" fill="#d4af37"/><circle cx="30" cy="-20" r="5" fill="#fff"/></g>`;
    case 'dice':
      return `<g transform="translate(220 70) rotate(-12)"><rect width="50" height="50" rx="9" fill="#fff" stroke="#222"/><circle cx="14" cy="14" r="5"/><circle cx="25" cy="25" r="5"/><circle cx="36" cy="36" r="5"/></g><g transform="translate(262 92) rotate(14)"><rect width="50" height="50" rx="9" fill="#fff" stroke="#222"/><circle cx="14" cy="14" r="5" fill="#c62828"/><circle cx="36" cy="14" r="5" fill="#c62828"/><circle cx="14" cy="36" r="5" fill="#c62828"/><circle cx="36" cy="36" r="5" fill="#c62828"/></g>`;
    case 'matka':
      return `<g font-size="40" font-weight="800" fill="#ffd54f" text-anchor="middle"><text x="215" y="100">3</text><text x="250" y="86">7</text><text x="285" y="100">0</text></g>`;
    default: {
      const n = Number(game.gamecode.replace(/\D/g, ''));
      const suits = ['♠', '♥', '♦', '♣'];
      const ranks = ['A', 'K', 'Q', 'J', '10', '7'];
      return card(222, 88, ranks[n % 6]!, suits[n % 4]!, -14) + card(262, 84, ranks[(n + 2) % 6]!, suits[(n + 1) % 4]!, 10);
    }
  }
}

/** The SVG tile of a game. */
export function gameTileSvg(game: CasinoGame): string {
  const [from, to] = PALETTE[game.category];
  const words = game.gamename.split(' ');
  // two lines when long
  const lines: string[] = [];
  for (const w of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + ' ' + w).length <= 13) lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(w);
  }
  const size = lines.length > 2 ? 20 : 26;
  const text = lines
    .slice(0, 3)
    .map((l, i) => `<text x="18" y="${150 - (lines.slice(0, 3).length - 1 - i) * (size + 4)}" font-size="${size}" font-weight="800" fill="#fff">${esc(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" viewBox="0 0 320 200" font-family="Arial, Helvetica, sans-serif">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="320" height="200" rx="10" fill="url(#g)"/>
<circle cx="270" cy="30" r="90" fill="#fff" opacity="0.06"/>
${motif(game)}
${text}
<rect x="18" y="168" width="${game.gametype.length * 9 + 16}" height="20" rx="10" fill="#000" opacity="0.35"/><text x="26" y="182" font-size="12" fill="#ffd54f" font-weight="700">${esc(game.gametype.toUpperCase())}</text>
<text x="302" y="184" font-size="11" fill="#fff" opacity="0.7" text-anchor="end">${esc(game.provider)}</text>
</svg>`;
}

/** Image files served under api/upload/image/: '<gamecode>.svg' and, for virtual games, '<gamecode>.avif'. */
export function imageByFile(file: string): { body: string | Buffer; contentType: string } | undefined {
  const m = /^(imlive\d+)\.(svg|avif)$/.exec(file);
  if (!m) return undefined;
  const game = GAMES.find((g) => g.gamecode === m[1]);
  if (!game || (m[2] === 'avif' && !game.image.endsWith(file))) return undefined;
  // .avif names serve the same drawing as SVG (docs/adr: the browser decodes by content type, not by name).
  return { body: gameTileSvg(game), contentType: 'image/svg+xml; charset=utf-8' };
}
