// The fairness check the game page runs in the browser: Web Crypto HMAC-SHA256 and SHA-256, then
// the same draw as the provider (fair-core.ts, bundled in).
import { drawLabels, floatsFromBlocks, hmacMessage, type DeckId } from '../games/fair-core.ts';

export interface ProofInput {
  roundId: string;
  cards: string[];
  proof: { serverSeed: string; clientSeed: string; hash: string; chainTerminalHash: string; cursors: number; deck: string };
}

export interface VerifyReport {
  hashMatches: boolean;
  cardsMatch: boolean;
  /** The server seed hashes down to the chain's published terminal hash. */
  chainLinks: boolean;
  recomputed: string[];
}

const enc = new TextEncoder();
const hex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

export async function sha256HexWeb(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', enc.encode(text)));
}

export async function verifyRound(r: ProofInput, maxChainSteps: number): Promise<VerifyReport> {
  const { serverSeed, clientSeed, hash, chainTerminalHash, cursors, deck } = r.proof;
  const key = await crypto.subtle.importKey('raw', enc.encode(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const blocks: Uint8Array[] = [];
  for (let c = 0; c < cursors; c++) blocks.push(new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(hmacMessage(clientSeed, r.roundId, c)))));
  let recomputed: string[] = [];
  try {
    recomputed = drawLabels(deck as DeckId, floatsFromBlocks(blocks), r.cards.length);
  } catch {
    recomputed = [];
  }
  let h = serverSeed;
  let chainLinks = false;
  for (let i = 0; i < maxChainSteps && !chainLinks; i++) {
    h = await sha256HexWeb(h);
    chainLinks = h === chainTerminalHash;
  }
  return { hashMatches: (await sha256HexWeb(serverSeed)) === hash, cardsMatch: recomputed.join(' ') === r.cards.join(' '), chainLinks, recomputed };
}
