/**
 * Cards, face down and turning; the winner's hand lit. Every size follows `--card-w` (set by a
 * felt on a slot: small for Andar Bahar's long rows, large for Lucky 7's one card), so a card is
 * the same drawing at any size. The turn is a 3D flip of the card: its face and back are two
 * layers with hidden backfaces, the back turned half a turn away.
 */
export const DEAL_CSS = `
.hand-cards{display:flex;flex-wrap:nowrap;align-items:flex-start;gap:calc(var(--card-w,44px) * .1);min-height:calc(var(--card-w,44px) * 1.4)}
.hand-cards.crowded .card+.card{margin-left:calc(var(--card-w,44px) * -.6)}
.hand-cards.crowded .card:not(:last-child) .card-pip{visibility:hidden}
.card{position:relative;display:inline-block;flex:none;box-sizing:border-box;width:var(--card-w,44px);height:calc(var(--card-w,44px) * 1.4);padding:0;margin:0;border:0;background:none;box-shadow:none;border-radius:calc(var(--card-w,44px) * .1);font:700 calc(var(--card-w,44px) * .3)/1 Arial,Helvetica,sans-serif;transform-style:preserve-3d;animation:none;vertical-align:top}
.card-face,.card-back{position:absolute;inset:0;border-radius:inherit;backface-visibility:hidden;-webkit-backface-visibility:hidden;box-shadow:0 1px 3px #0008}
.card-face{background:linear-gradient(160deg,#fff 0%,#f4f1ea 100%);border:1px solid #0003;color:#16161a;overflow:hidden}
.card.red .card-face{color:#c62828}
.card-corner{position:absolute;top:.2em;left:.18em;display:flex;flex-direction:column;align-items:center;letter-spacing:-.06em}
.card-suit{font-size:.95em;margin-top:.05em}
.card-foot{top:auto;left:auto;bottom:.2em;right:.18em;transform:rotate(180deg);white-space:nowrap;font-size:.8em}
.card-foot::before{content:attr(data-corner)}
.card-pip{position:absolute;inset:24% 14% 18%;display:flex;flex-direction:column;align-items:center;justify-content:center;font-size:2.3em;font-weight:400}
.card-pip::after{content:attr(data-pip)}
.card.court .card-pip{font-size:1em;gap:.1em;inset:12% 25% 12% 27%;border:1px solid currentColor;border-radius:.25em;background:repeating-linear-gradient(135deg,transparent 0 .25em,#0000000a .25em .5em)}
.card-emblem{width:1.9em;height:1.9em;fill:currentColor}
.card-back{transform:rotateY(180deg);border:calc(var(--card-w,44px) * .05) solid #f6f1e4;background:radial-gradient(circle at 50% 50%,#e0b84f 0 12%,transparent 13%),repeating-linear-gradient(45deg,#8e1b2b 0 3px,#a8253a 3px 6px)}
.card.face-down .card-back{transform:none}
.card.turning{animation:card-turn .4s ease-out both}
.card.dealing{animation:card-deal .3s ease-out both}
@keyframes card-turn{from{transform:perspective(400px) rotateY(180deg)}to{transform:perspective(400px) rotateY(0)}}
@keyframes card-deal{from{opacity:0;transform:translateY(-40%) rotate(-8deg) scale(.85)}to{opacity:1;transform:none}}
.card.face-down.next .card-back{box-shadow:0 0 0 2px #ffd54fcc,0 0 10px 2px #ffd54f80;animation:card-next 1s ease-in-out infinite alternate}
@keyframes card-next{from{box-shadow:0 0 0 1px #ffd54f80,0 0 4px #ffd54f40}to{box-shadow:0 0 0 2px #ffd54fcc,0 0 12px 3px #ffd54f80}}
@media (prefers-reduced-motion:reduce){.card.turning,.card.dealing,.card.face-down.next .card-back{animation:none}}
[data-hand].won .card-face{box-shadow:0 0 0 2px #ffd54f,0 0 12px 2px #ffd54fa6}
[data-hand].won .hand-name{color:#ffd54f;font-weight:700}
[data-hand].lost .hand-cards{opacity:.55;filter:saturate(.5)}
[data-hand].lost .hand-name{opacity:.7}
.hand-value{display:inline-block;margin-top:4px;padding:1px 7px;border-radius:10px;background:#000000a6;color:#fff;font:700 12px/1.4 Arial,Helvetica,sans-serif;white-space:nowrap}
[data-hand].won .hand-value{background:#ffd54f;color:#111}
.deal-spare{display:flex;flex-wrap:wrap;gap:10px;margin-top:8px}
`;
