import type { CasinoGame } from '../games/index.ts';
import { DEAL_CSS } from './deal/deal.css.ts';
import { FELT_CSS } from './felt/felt.css.ts';
import { NUMBERS_CSS } from './felt/numbers.css.ts';
import { ROADS_CSS } from './roads/roads.css.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The game page's HTML: the static parts server-rendered, the live parts filled by game.js. */
export function gamePageHtml(game: CasinoGame): string {
  const rules = game.engine.rules
    .split('\n')
    .map((p) => `<p>${esc(p)}</p>`)
    .join('');
  const variant = game.engine.title.toUpperCase() === game.gamename.toUpperCase() ? '' : `<p class="muted">${esc(game.gamename)} plays the ${esc(game.engine.title)} rules.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(game.gamename)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/game/assets/game.css">
</head>
<body>
<main id="game" data-code="${esc(game.gamecode)}" data-phase="betting">
  <header class="top">
    <div class="title"><h1>${esc(game.gamename)}</h1><div class="muted small">Round <span id="round-id">…</span> <span id="live" class="live" data-status="reconnecting">Connecting…</span></div></div>
    <div class="who"><span id="user" class="muted"></span><span class="bal">₹ <b id="balance">–</b></span></div>
  </header>
  <div class="layout">
    <section class="play" aria-label="Table">
      <div class="status">
        <span id="phase" class="phase">Loading…</span>
        <div id="result-banner" class="result-banner" aria-live="polite" hidden><span id="winner" class="winner"></span><span id="result-pnl" class="result-pnl"></span><button id="result-details" class="link" type="button">Round details</button><div id="winner-detail" class="muted small"></div></div>
        <span id="timer" class="timer" hidden><span class="small">Bets close in</span><span id="countdown" class="countdown" role="timer"></span></span>
      </div>
      <div id="table-cards" class="table"><div id="options" class="felt-host"></div></div>
      <div class="tray">
        <div id="message" class="message" role="status"></div>
        <div class="chips" id="chips" role="group" aria-label="Chip to bet"></div>
        <div class="controls" role="group" aria-label="Bets">
          <button id="undo" type="button" disabled>Undo</button>
          <button id="clear" type="button" disabled>Clear</button>
          <button id="repeat" type="button" disabled>Repeat</button>
          <button id="double" type="button" disabled>Double</button>
        </div>
      </div>
    </section>
    <aside class="side-col">
      <section>
        <h2>My bets <span id="my-pnl" class="pnl"></span></h2>
        <div class="bets-wrap"><table class="bets"><thead><tr><th>Round</th><th>Bet</th><th>Odds</th><th>Stake</th><th>Status</th><th>P&amp;L</th></tr></thead><tbody id="my-bets"><tr><td colspan="6" class="muted">No bets yet</td></tr></tbody></table></div>
      </section>
      <section>
        <h2>Road</h2>
        <div id="road" class="road-host"></div>
      </section>
    </aside>
  </div>
  <details class="panel">
    <summary>Fairness</summary>
    <div id="proof-current" class="proof"></div>
    <p class="muted small">Every round's cards come from HMAC-SHA256(server seed, "client seed:round id:n"), drawn from the ordered deck before betting opens. The server seeds form a SHA-256 chain whose last hash was published first. Pick a round on the road and press Verify to recompute its cards in this browser.</p>
  </details>
  <details class="panel rules">
    <summary>Rules</summary>
    ${variant}${rules}
  </details>
</main>
<dialog id="round-dialog"><button id="close-dialog" class="close" type="button" aria-label="Close">×</button><div id="round-dialog-body"></div></dialog>
<script type="module" src="/game/assets/game.js"></script>
</body>
</html>`;
}

/**
 * The page's frame, phone first: at 390 px the header, the felt, the countdown, the result and the
 * chip tray fit one screen (the tray stays at the bottom); my bets and the road follow. From 1000 px
 * the table sits on the left and my bets and the road in a column on the right.
 */
const SHELL_CSS = `
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:14px/1.35 system-ui,Arial,Helvetica,sans-serif;background:#0d1620;color:#e8edf2}
main{max-width:1240px;margin:0 auto;padding:6px}
h1{font-size:16px;margin:0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}h2{font-size:14px;margin:10px 0 6px}
.muted{color:#8da2b5}.small{font-size:12px}
.top{display:flex;justify-content:space-between;align-items:center;gap:8px;background:#17324a;padding:6px 10px;border-radius:8px}
.title{min-width:0}
.who{display:flex;flex-direction:column;align-items:flex-end;white-space:nowrap;font-size:13px}
.title .small{white-space:nowrap}.bal b{color:#ffd54f}
.live::before{content:'';display:inline-block;width:7px;height:7px;border-radius:50%;background:#ffab40;margin:0 3px 1px 6px}
.live[data-status=live]::before{background:#69f0ae}
.layout{display:grid;gap:8px;margin-top:6px}
.play{min-width:0}
.play>.status{display:flex;align-items:center;justify-content:space-between;gap:8px;min-height:54px;padding:2px 0}
.phase{font-weight:700;font-size:15px}
[data-phase=dealing] .phase{color:#ffab40}[data-phase=result] .phase{display:none}
.timer{display:inline-flex;align-items:center;gap:8px;color:#cfe8d5}
.timer[hidden]{display:none}
.countdown{--left:1;isolation:isolate;position:relative;display:inline-flex;align-items:center;justify-content:center;width:46px;height:46px;border-radius:50%;background:conic-gradient(#ffd54f calc(var(--left) * 360deg),#ffffff2e 0);color:#ffd54f;font-size:17px;font-weight:700}
.countdown::before{content:'';position:absolute;inset:4px;z-index:-1;border-radius:50%;background:#0d1620}
.countdown::after{content:'s';font-size:11px;margin-left:1px}
.countdown.hurry{background:conic-gradient(#ff7043 calc(var(--left) * 360deg),#ffffff2e 0);color:#ff8a65}
.result-banner{flex:1;min-width:0;display:flex;flex-wrap:wrap;align-items:baseline;gap:2px 10px;padding:4px 10px;border-radius:8px;background:linear-gradient(90deg,#3b2f05,#1d2a14);border:1px solid #ffd54f88}
.result-banner[hidden]{display:none}
.result-banner .winner,dialog .winner{font-size:16px;font-weight:800;color:#ffd54f}
.result-pnl{font-weight:800}.result-pnl:empty{display:none}
.result-banner .muted{flex-basis:100%;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.result-banner .link{background:none;border:0;padding:0;color:#90caf9;text-decoration:underline;cursor:pointer;font:inherit;font-size:12px;margin-left:auto}
.tray{position:sticky;bottom:0;z-index:3;background:#0d1620f2;padding:4px 2px 6px;margin-top:6px;border-top:1px solid #24384b}
.message{position:absolute;left:4px;right:4px;bottom:100%;margin-bottom:4px;text-align:center;font-weight:700;font-size:13px;pointer-events:none}
.message:empty{display:none}
.message.error{color:#fff;background:#b71c1ce6;border-radius:6px;padding:4px 8px}.message.ok{color:#0d1620;background:#69f0aee6;border-radius:6px;padding:4px 8px}
.chips{display:flex;gap:6px;padding:6px 4px 2px;overflow-x:auto;scrollbar-width:none}
.chips::before,.chips::after{content:'';margin:auto}
.chip{--c:#1565c0;position:relative;border-radius:50%;width:44px;height:44px;flex:none;border:0;cursor:pointer;color:#fff;font-weight:800;font-size:12px;background:radial-gradient(circle,var(--c) 52%,transparent 53%),repeating-conic-gradient(#fff 0 15deg,var(--c) 15deg 45deg);box-shadow:0 2px 0 #0008,inset 0 0 0 2px #0003;transition:transform .12s}
.chip::after{content:'';position:absolute;inset:7px;border-radius:50%;border:1px dashed #fffa}
.chip-1{--c:#c62828}.chip-2{--c:#2e7d32}.chip-3{--c:#111}.chip-4{--c:#6a1b9a}.chip-5{--c:#ef6c00}
.chip.selected{transform:translateY(-4px);box-shadow:0 0 0 3px #ffd54f,0 5px 6px #000a}
.controls{display:flex;gap:6px;justify-content:center;margin-top:6px}
.controls button{flex:1;max-width:110px;padding:7px 4px;border-radius:18px;border:1px solid #4a6a88;background:#17324a;color:#e8edf2;font-weight:700;font-size:13px;cursor:pointer}
.controls button:disabled{opacity:.4;cursor:default}
button:focus-visible,summary:focus-visible{outline:3px solid #ffd54f;outline-offset:2px}
.side-col section{background:#111f2c;border-radius:8px;padding:2px 8px 8px;margin-bottom:8px}
.bets-wrap{overflow-x:auto}
table.bets{width:100%;border-collapse:collapse;font-size:12px}
table.bets th,table.bets td{border-bottom:1px solid #24384b;padding:4px;text-align:left}
table.bets td:first-child{font-size:11px;white-space:nowrap}
tr.back td:first-child{border-left:3px solid #72bbef}tr.lay td:first-child{border-left:3px solid #f994ba}
tr.cancelled td,tr.refused td{color:#8da2b5}tr.cancelled td:nth-child(2){text-decoration:line-through}
.profit{color:#69f0ae}.loss{color:#ff8a80}.pnl{font-size:13px;margin-left:8px}
.panel{background:#111f2c;border-radius:8px;padding:6px 10px;margin-top:8px}
.panel summary{cursor:pointer;font-weight:700;color:#c9d6e2}
.proof code,#dealt-cards{word-break:break-all;font-size:11px;color:#b3e5fc}.proof .label{color:#8da2b5;font-size:12px}
.rules p{margin:4px 0;color:#c9d6e2}
dialog{background:#17324a;color:#e8edf2;border:1px solid #4a6a88;border-radius:8px;max-width:min(680px,94vw)}
dialog::backdrop{background:#000a}
#close-dialog{float:right;background:none;border:0;color:#fff;font-size:22px;cursor:pointer}
#verify-button{margin-top:8px;background:#2e7d32;color:#fff;border:0;border-radius:6px;padding:6px 14px;font-weight:700;cursor:pointer}
.verify-out{margin-top:8px}.verify-out.match strong{color:#69f0ae}.verify-out.mismatch strong{color:#ff8a80}
dialog .hands{display:flex;flex-wrap:wrap;gap:14px}dialog .hand-cards{display:flex;gap:4px;flex-wrap:wrap}dialog .hand-name{font-size:12px;color:#cfe8d5}
dialog .card{display:inline-flex;flex-direction:column;align-items:center;justify-content:center;width:34px;height:48px;background:#fff;border-radius:5px;border:1px solid #333}
dialog .card b{font-size:14px}dialog .card i{font-style:normal;font-size:16px}dialog .card.red{color:#c62828}dialog .card.black{color:#111}
dialog .die{display:inline-flex;width:36px;height:36px;align-items:center;justify-content:center;background:#fff;color:#111;font-weight:800;font-size:18px;border-radius:7px}
dialog .pocket{display:inline-flex;width:40px;height:40px;border-radius:50%;align-items:center;justify-content:center;font-weight:800;font-size:17px;border:3px solid #d4af37}
dialog .pocket.red{background:#c62828}dialog .pocket.black{background:#111}dialog .pocket.green{background:#2e7d32}
@media (min-width:1000px){
  main{padding:10px}
  .layout{align-items:start}
  .tray{position:static;border:0}
  .chips{flex-wrap:wrap;justify-content:center}
  .layout{grid-template-columns:minmax(0,1fr) 410px}
  .side-col{position:sticky;top:8px}
  h1{font-size:18px}
  .who{flex-direction:row;gap:12px;align-items:center;font-size:14px}
}
@media (prefers-reduced-motion:reduce){*,*::before,*::after{animation:none!important;transition:none!important}}
`;

/** The whole page's style sheet, one file: the frame, then each part's own rules. */
export const PAGE_CSS = SHELL_CSS + FELT_CSS + NUMBERS_CSS + DEAL_CSS + ROADS_CSS;
