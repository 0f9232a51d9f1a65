/**
 * The card games' felts, the spots and their chip stacks. A spot is a betting area printed on the
 * cloth (a gold outline, the name and payout), not a form button; a lay spot is tinted pink as on
 * the exchange. Phone first: every row is a grid of equal columns, so nothing overflows at 390 px.
 */
export const FELT_CSS = `
.felt{position:relative;display:flex;flex-direction:column;gap:8px;padding:12px;border-radius:18px;color:#fff8e1;background:radial-gradient(ellipse at 50% 25%,#2a8a4a 0%,#17602f 55%,#0f4322 100%);border:5px solid #6d4520;box-shadow:inset 0 0 0 2px #d4af3766,inset 0 0 34px #0007,0 3px 10px #0009;overflow-x:clip}
.felt-teenpatti{background:radial-gradient(ellipse at 50% 25%,#9c2236 0%,#6b1021 55%,#420a15 100%)}
.felt-dragontiger{background:radial-gradient(ellipse at 50% 30%,#3a1414 0%,#1f0b0b 70%,#140707 100%);border-color:#8a6a1f}
.felt-dragontiger.cricket{background:linear-gradient(90deg,transparent 44%,#c8a97a33 44% 56%,transparent 56%),repeating-linear-gradient(90deg,#2e7d32 0 30px,#357f39 30px 60px);border-color:#f5f5f5aa}
.felt-lucky7{background:radial-gradient(ellipse at 50% 30%,#283593 0%,#1a237e 55%,#0d1257 100%)}
.felt-hilow{background:radial-gradient(ellipse at 50% 30%,#00796b 0%,#004d40 60%,#00332a 100%)}
.felt-aaa{background:radial-gradient(ellipse at 50% 30%,#6a1b9a 0%,#4a148c 60%,#2a0a52 100%)}
.felt-bollywood{background:radial-gradient(ellipse at 50% 30%,#ad1457 0%,#7b0d3c 60%,#4a0622 100%);border-color:#b8892b}
.felt-andarbahar{background:radial-gradient(ellipse at 50% 30%,#1565c0 0%,#0d47a1 55%,#062a63 100%)}
.felt-baccarat{background:radial-gradient(ellipse at 50% 25%,#2e7d32 0%,#1b5e20 60%,#0f3d13 100%)}
.felt-cards32,.felt-queen,.felt-trio{background:radial-gradient(ellipse at 50% 30%,#37474f 0%,#263238 60%,#161e22 100%);border-color:#8d6e3f}
.felt-poker{background:radial-gradient(ellipse at 50% 30%,#1b7a4c 0%,#0f5a35 60%,#093b22 100%)}

.felt-caption{font-size:10px;font-weight:700;text-transform:uppercase;letter-spacing:.03em;white-space:nowrap;color:#fff8e1b3;text-align:center;margin-bottom:2px}
.spot-row{display:grid;grid-template-columns:repeat(var(--cols,2),minmax(0,1fr));gap:6px}
.spot-row.ranks{gap:3px;grid-template-columns:repeat(var(--cols),minmax(0,46px));justify-content:center}
.spot-row.rest,.plain-group .spot-row{grid-template-columns:repeat(auto-fill,minmax(84px,1fr))}

.spot{position:relative;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:1px;min-width:0;min-height:44px;padding:4px 3px;border:2px solid #ffecb38c;border-radius:10px;background:#ffffff12;color:#fff8e1;font:inherit;text-align:center;cursor:pointer;transition:background .15s,box-shadow .15s,opacity .25s}
.spot:hover:not(:disabled){background:#ffffff2b}
.spot:active:not(:disabled){transform:translateY(1px)}
.spot:disabled{cursor:default}
.spot:focus-visible{outline:3px solid #ffd54f;outline-offset:2px;z-index:3}
.spot-name{font-size:12px;font-weight:700;line-height:1.1;white-space:pre-line}
.spot-odds{font-size:11px;font-weight:700;color:#ffe082}
.spot.big{min-height:58px}.spot.big .spot-name{font-size:15px;letter-spacing:.02em}.spot.big .spot-odds{font-size:12px}
.spot.lay{border-color:#f8bbd0;background:#f48fb133}.spot.lay .spot-odds{color:#fce4ec}
.spot.prop,.spot.side{min-height:38px}.spot.prop .spot-name,.spot.side .spot-name{font-size:11px}
.spot.rank{min-height:0;aspect-ratio:5/7;padding:0;border:1px solid #0006;border-radius:4px;background:#fdfdf6;color:#1b1b1b;box-shadow:0 1px 2px #0007}
.spot.rank:hover:not(:disabled){background:#fff9c4}
.spot.rank .spot-name{font-size:12px;font-weight:800}.spot.rank .spot-odds{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.felt.settled .spot:not(.won):not(.push){opacity:.35}
.spot.won{border-color:#ffd54f;background:#ffd54f47;box-shadow:0 0 0 2px #ffd54f,0 0 18px #ffd54fc0;animation:spot-won 1s ease-in-out 3}
.spot.rank.won{background:#fff176}
.spot.push{border-style:dashed;border-color:#90caf9;background:#90caf930}
@keyframes spot-won{50%{box-shadow:0 0 0 2px #ffd54f,0 0 30px #ffd54f}}

.spot-stack,.spot-pending{position:absolute;top:-12px;right:-12px;z-index:2;display:flex;align-items:center;justify-content:center;min-width:24px;height:24px;padding:0 2px;border-radius:12px;font-size:9px;font-weight:800;color:#fff;text-shadow:0 1px 1px #000;pointer-events:none;background:radial-gradient(circle,#c62828 50%,transparent 52%),repeating-conic-gradient(#fff 0 14deg,#c62828 14deg 45deg);box-shadow:0 2px 0 #7f0000,0 3px 0 #fffa,0 5px 3px #0009}
.spot-pending{z-index:3;opacity:.7;animation:chip-in .35s ease-out}
@keyframes chip-in{from{transform:translateY(40px) scale(.6);opacity:0}}
.spot.rank .spot-stack,.spot.rank .spot-pending{top:-9px;right:-9px;min-width:20px;height:20px;font-size:8px}
.spot-bubble{position:absolute;inset:0;z-index:4;display:flex;align-items:center;justify-content:center;padding:2px;border-radius:inherit;background:#b71c1cf2;color:#fff;font-size:10px;font-weight:700;line-height:1.1;overflow:hidden;animation:bubble 3s forwards}
@keyframes bubble{0%{opacity:0}8%,85%{opacity:1}100%{opacity:0}}

.hand-slot{display:flex;flex-direction:column;align-items:center;gap:2px;min-width:0}
.hand-name{font-size:11px;font-weight:700;color:#fff8e1cc;text-transform:uppercase;letter-spacing:.06em;white-space:nowrap}
.hand-cards{display:flex;justify-content:center;align-items:center;gap:3px;min-height:54px;min-width:46px;max-width:100%;padding:3px;border:1px dashed #ffffff45;border-radius:8px}
.hand-slot.row-cards,.hand-slot.stacked{width:100%}
.hand-slot.row-cards .hand-cards{justify-content:flex-start;width:100%;overflow:hidden;gap:0}
.hand-slot.row-cards .hand-cards>*+*{margin-left:-22px}
/* Andar Bahar may deal 40 cards a side: the more there are, the closer they lie; past 24 the oldest slide under the edge, the newest stays in view. */
.hand-slot.row-cards .hand-cards:has(>:nth-child(11))>*+*{margin-left:-26px}
.hand-slot.row-cards .hand-cards:has(>:nth-child(17))>*+*{margin-left:-28px}
.hand-slot.row-cards .hand-cards:has(>:nth-child(25)){justify-content:flex-end}
.hand-slot.row-cards .hand-name{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
.hand-slot.stacked .hand-cards{gap:0;width:100%}.hand-slot.stacked .hand-cards>*+*{margin-left:-18px}
.hand-points{display:inline-block;margin-left:6px;padding:0 6px;border-radius:8px;background:#ffd54f;color:#111;letter-spacing:0}

.felt .seats{display:grid;gap:8px}
.felt .seats.two{grid-template-columns:repeat(2,minmax(0,1fr))}
.felt .seats.three{grid-template-columns:repeat(3,minmax(0,1fr));gap:5px}
.felt .seats.four{grid-template-columns:repeat(4,minmax(0,1fr));gap:5px}
.felt .seat{display:flex;flex-direction:column;gap:6px;min-width:0;padding:6px;border-radius:12px;background:#00000029;border:1px solid #ffffff1f}
.felt .seats.three .seat,.felt .seats.four .seat{padding:4px}
.seat-spots{display:grid;gap:6px}
.seat-spots>.spot:only-child{grid-column:1/-1}
.felt .dealer,.felt .one-card{display:flex;justify-content:center}
.side-bets{grid-template-columns:1fr;gap:4px}
.side-bets .spot{min-height:34px;padding:2px}
.side-bets .spot-stack,.side-bets .spot-pending{right:auto;left:50%;margin-left:-12px}
.card-props{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:6px}

.dt-cards,.hl-cards{display:grid;grid-template-columns:1fr auto 1fr;align-items:center;gap:6px}
.dt-vs .felt-caption,.hl-arrow .felt-caption{font-size:14px;color:#ffd54f}
.dt-main,.bac-main{display:grid;grid-template-columns:1fr .8fr 1fr;gap:6px}
.dt-ties{display:grid;gap:4px}.dt-ties .spot{min-height:27px;padding:1px 3px}
.dt-sides{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:6px}
.dt-side{display:flex;flex-direction:column;gap:5px;min-width:0;padding:5px;border-radius:10px;background:#00000030}
.dt-side .props{gap:3px}
.dt-side .props .spot{padding:2px 0;min-height:36px}.dt-side .props .spot-name{font-size:10px}
.dt-side .ranks{grid-template-columns:repeat(7,minmax(0,1fr))}
.spot.dragon{border-color:#ef9a9a;background:#e5393540}.spot.tiger{border-color:#ffcc80;background:#ff8f0040}.spot.tie{border-color:#a5d6a7;background:#43a04730}
.cricket .spot.dragon{border-color:#90caf9;background:#1e88e54d}.cricket .spot.tiger{border-color:#ffe082;background:#fb8c004d}.cricket .dt-ties .spot{background:#c8a97a55;border-color:#fff3}
.dt-side.dragon .felt-caption{color:#ffcdd2}.dt-side.tiger .felt-caption{color:#ffe0b2}
.cricket .dt-side.dragon .felt-caption{color:#bbdefb}

.l7-main{display:grid;grid-template-columns:1fr auto 1fr;gap:8px;align-items:center}
.l7-card{position:relative;display:flex;justify-content:center}
.l7-card::before{content:'7';position:absolute;inset:0;display:flex;align-items:center;justify-content:center;font-size:66px;font-weight:900;color:#ffd54f2e;pointer-events:none}

.films{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:6px}
.spot.film{min-height:64px;gap:3px}
.mini-cards{display:flex;gap:2px}
.mini-card{padding:0 2px;border-radius:2px;background:#fff;color:#111;font-size:9px;font-weight:800;line-height:14px}
.mini-card.red{color:#c62828}

.ab-table{display:grid;gap:6px}
.ab-joker{display:flex;justify-content:center;align-items:center;gap:10px}
.ab-joker::before,.ab-joker::after{content:'';flex:1;border-top:1px solid #ffd54f55}
.ab-joker .hand-cards{border-color:#ffd54f99;background:#ffd54f1a}
.ab-row{display:grid;grid-template-columns:74px minmax(0,1fr);gap:6px;align-items:center}

.bac-cards{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:8px}
.spot.player{border-color:#90caf9;background:#1e88e540}.spot.banker{border-color:#ef9a9a;background:#e5393540}

.pk-cards{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));grid-template-areas:". ." "board board";gap:6px}
.pk-cards>.board{grid-area:board}
.pk-hands .spot-row{grid-template-columns:repeat(3,minmax(0,1fr))}

.felt .bands{display:grid;grid-template-columns:repeat(5,minmax(0,1fr));gap:5px}
.felt .band{display:grid;gap:4px;align-content:start}.felt .band .spot{min-height:40px}

@media (min-width:700px){
  .felt{padding:16px;gap:12px;min-height:330px;justify-content:center}
  .spot{min-height:50px}.spot.big{min-height:70px}.spot.big .spot-name{font-size:18px}
  .spot-name{font-size:13px}.spot.prop .spot-name,.spot.side .spot-name{font-size:12px}
  .seat-spots{grid-template-columns:1.4fr 1fr}
  .dt-side .ranks{grid-template-columns:repeat(13,minmax(0,1fr))}
  .dt-side .props .spot{min-height:40px}.dt-side .props .spot-name{font-size:12px}
  .side-bets .spot{flex-direction:row;justify-content:space-between;gap:4px;min-height:30px;padding:2px 8px}
  .hand-cards{min-height:64px}
  .films{grid-template-columns:repeat(6,minmax(0,1fr))}
  .pk-cards{grid-template-columns:auto 1fr auto;grid-template-areas:none}.pk-cards>.board{grid-area:auto}
  .pk-hands .spot-row{grid-template-columns:repeat(9,minmax(0,1fr))}
  .ab-row{grid-template-columns:110px minmax(0,1fr)}
}
`;
