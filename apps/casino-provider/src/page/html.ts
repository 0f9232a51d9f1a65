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
    <div><h1>${esc(game.gamename)}</h1><div class="muted">Round <span id="round-id">…</span></div></div>
    <div class="who"><span id="user"></span><span class="bal">Balance <b id="balance">–</b></span></div>
  </header>
  <section class="stage">
    <div class="status"><span id="phase">Loading…</span><span id="timer" class="timer" hidden><span>Bets close in</span><span id="countdown" class="countdown" role="timer"></span></span></div>
    <div id="table-cards" class="table-cards"></div>
    <div id="winner" class="winner"></div>
    <div id="winner-detail" class="muted small"></div>
  </section>
  <section class="betting">
    <div class="chips" id="chips" aria-label="Stake"></div>
    <div id="message" class="message" role="status"></div>
    <div id="options" class="options"></div>
  </section>
  <section>
    <h2>My bets <span id="my-pnl" class="pnl"></span></h2>
    <table class="bets"><thead><tr><th>Round</th><th>Bet</th><th>Odds</th><th>Stake</th><th>Status</th><th>P&amp;L</th></tr></thead><tbody id="my-bets"></tbody></table>
  </section>
  <section>
    <h2>Last results</h2>
    <div id="last-results" class="last-results"></div>
  </section>
  <section>
    <h2>Fairness</h2>
    <div id="proof-current" class="proof"></div>
    <p class="muted small">Every round's cards come from HMAC-SHA256(server seed, "client seed:round id:n"), drawn from the ordered deck before betting opens. The server seeds form a SHA-256 chain whose last hash was published first. Pick a past result and press Verify to recompute its cards in this browser.</p>
  </section>
  <section class="rules">
    <h2>Rules</h2>
    ${variant}${rules}
  </section>
</main>
<dialog id="round-dialog"><button id="close-dialog" class="close" type="button" aria-label="Close">×</button><div id="round-dialog-body"></div></dialog>
<script type="module" src="/game/assets/game.js"></script>
</body>
</html>`;
}

/** The page's frame: header, sections, my bets, the proof dialog. */
const SHELL_CSS = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.4 Arial,Helvetica,sans-serif;background:#0f1923;color:#e8edf2}
main{max-width:980px;margin:0 auto;padding:8px}
h1{font-size:18px;margin:0}h2{font-size:15px;margin:14px 0 6px}h3{font-size:13px;margin:10px 0 4px;color:#9fb3c8}
.muted{color:#8da2b5}.small{font-size:12px}
.top{display:flex;justify-content:space-between;align-items:center;background:#17324a;padding:8px 10px;border-radius:6px}
.who{display:flex;gap:12px;align-items:center}.bal b{color:#ffd54f}
.stage{background:radial-gradient(ellipse at center,#1f6b3a 0%,#124226 70%);border:3px solid #8d6e3f;border-radius:14px;margin-top:8px;padding:10px;min-height:190px}
.status{display:flex;justify-content:space-between;align-items:center;font-weight:700;font-size:16px}
.timer{display:inline-flex;align-items:center;gap:8px;font-size:13px;font-weight:400;color:#cfe8d5}
.timer[hidden]{display:none}
.countdown{--left:1;isolation:isolate;position:relative;display:inline-flex;align-items:center;justify-content:center;width:46px;height:46px;border-radius:50%;background:conic-gradient(#ffd54f calc(var(--left) * 360deg),#ffffff2e 0);color:#ffd54f;font-size:17px;font-weight:700}
.countdown::before{content:'';position:absolute;inset:4px;z-index:-1;border-radius:50%;background:#0f1923}
.countdown::after{content:'s';font-size:11px;margin-left:1px}
[data-phase=dealing] .status #phase{color:#ffab40}[data-phase=result] .status #phase{color:#69f0ae}
.hands{display:flex;flex-wrap:wrap;gap:14px;margin-top:8px}
.hand-name{font-size:12px;color:#cfe8d5;margin-bottom:3px}
.hand-cards{display:flex;gap:4px;flex-wrap:wrap}
.hand.won .hand-name{color:#ffd54f;font-weight:700}.hand.won .card{box-shadow:0 0 0 2px #ffd54f,0 2px 3px #0006}
.card{display:inline-flex;flex-direction:column;align-items:center;justify-content:center;width:40px;height:56px;background:#fff;border-radius:5px;border:1px solid #333;box-shadow:0 2px 3px #0006;animation:deal .25s ease-out}
.card b{font-size:15px}.card i{font-style:normal;font-size:18px}.card.red{color:#c62828}.card.black{color:#111}
.die{display:inline-flex;width:40px;height:40px;align-items:center;justify-content:center;background:#fff;color:#111;font-weight:800;font-size:20px;border-radius:8px}
.pocket{display:inline-flex;width:48px;height:48px;border-radius:50%;align-items:center;justify-content:center;font-weight:800;font-size:20px;border:3px solid #d4af37}
.pocket.red{background:#c62828}.pocket.black{background:#111}.pocket.green{background:#2e7d32}
@keyframes deal{from{transform:translateY(-12px);opacity:0}to{transform:none;opacity:1}}
.winner{margin-top:8px;font-size:17px;font-weight:700;color:#ffd54f}
.chips{display:flex;gap:6px;flex-wrap:wrap;margin:10px 0 6px}
.chip{border-radius:50%;width:48px;height:48px;border:3px dashed #fff8;background:#1565c0;color:#fff;font-weight:700;cursor:pointer}
.chip.selected{background:#ffb300;color:#111;border-color:#fff}
.message{min-height:20px;font-weight:700}.message.error{color:#ff8a80}.message.ok{color:#69f0ae}
.option-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(128px,1fr));gap:6px}
.option-grid.dense{grid-template-columns:repeat(auto-fill,minmax(72px,1fr))}
.option{display:flex;flex-direction:column;align-items:center;padding:6px 4px;border:0;border-radius:6px;cursor:pointer;color:#111;font-weight:700}
.option.back{background:#72bbef}.option.lay{background:#f994ba}
.option:disabled{opacity:.45;cursor:not-allowed}
.option .odds{font-size:16px}.option-name{font-size:12px}
details summary{cursor:pointer;color:#9fb3c8;margin:8px 0}
table.bets{width:100%;border-collapse:collapse;font-size:12px}
table.bets th,table.bets td{border-bottom:1px solid #24384b;padding:4px;text-align:left}
tr.back td:first-child{border-left:3px solid #72bbef}tr.lay td:first-child{border-left:3px solid #f994ba}
.profit{color:#69f0ae}.loss{color:#ff8a80}.pnl{font-size:13px;margin-left:8px}
.last-results{display:flex;gap:6px;flex-wrap:wrap}
.result-chip{width:38px;height:38px;border-radius:50%;border:0;background:#ffd54f;color:#111;font-weight:800;cursor:pointer}
.proof code,#dealt-cards{word-break:break-all;font-size:11px;color:#b3e5fc}.label{color:#8da2b5;font-size:12px}
.rules p{margin:4px 0;color:#c9d6e2}
dialog{background:#17324a;color:#e8edf2;border:1px solid #4a6a88;border-radius:8px;max-width:min(680px,94vw)}
dialog::backdrop{background:#000a}
.close{float:right;background:none;border:0;color:#fff;font-size:22px;cursor:pointer}
.verify{margin-top:8px;background:#2e7d32;color:#fff;border:0;border-radius:6px;padding:6px 14px;font-weight:700;cursor:pointer}
.verify-out{margin-top:8px}.verify-out.match strong{color:#69f0ae}.verify-out.mismatch strong{color:#ff8a80}
@media (max-width:600px){.card{width:34px;height:48px}.top h1{font-size:15px}}
`;

/** The whole page's style sheet, one file: the frame, then each part's own rules. */
export const PAGE_CSS = SHELL_CSS + FELT_CSS + NUMBERS_CSS + DEAL_CSS + ROADS_CSS;
