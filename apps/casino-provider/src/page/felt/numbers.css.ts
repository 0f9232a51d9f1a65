/** The number games' felts (numbers.ts), dice and wheel (deal/dice.ts, deal/wheel.ts). */

/**
 * Each felt is a size container: its layout follows the room the page gives it (a phone's width,
 * or the left column at 1280), not the window. Below 620 px the roulette table stands upright;
 * from 740 px the wheel sits beside it and sic bo spreads to one row per kind of bet.
 */
const COMMON = `
.felt-numbers{--nb-line:#ffffffa6;--nb-gold:#ffd54f;--nb-red:#c62828;--nb-black:#161616;--nb-green:#1e8e3e;color:#fff}
.felt-numbers .spot{position:relative;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:1px;margin:0;padding:4px 2px;min-width:0;min-height:44px;border:1.5px solid var(--nb-line);border-radius:8px;background:#00000026;color:#fff;font:inherit;font-weight:700;line-height:1.15;cursor:pointer;text-align:center}
.felt-numbers .spot:hover{background:#ffffff1f}
.felt-numbers .spot:focus-visible{outline:3px solid var(--nb-gold);outline-offset:1px;z-index:4}
.felt-numbers .spot:disabled{cursor:not-allowed}
.felt-numbers .spot-name{font-size:13px}
.felt-numbers .spot-odds{font-size:11px;font-weight:400;color:#e3f2e8}
.felt-numbers .spot.big .spot-name{font-size:16px}
.felt-numbers .spot.won{background:#ffd54f38;border-color:var(--nb-gold);box-shadow:0 0 0 2px var(--nb-gold),0 0 14px #ffd54fb0}
.felt-numbers .spot.push{border-color:#90caf9;box-shadow:0 0 0 2px #90caf9}
.felt-numbers.settled .spot:not(.won):not(.push){opacity:.5}
.felt-numbers .rl-wheel .hand-cards,.felt-numbers .sb-dice .hand-cards{min-width:0;min-height:0;padding:0;border:0}
.felt-numbers .hand-name{font-size:11px;color:#cfe8d5;text-align:center}
.felt-numbers .numbers-more{display:grid;grid-template-columns:repeat(auto-fill,minmax(72px,1fr));gap:4px;margin-top:6px}
.felt-numbers .spot.faces .spot-name,.rl-hint,.nb-sr,.rl-wheel .hand-name,.sb-dice .hand-name{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
`;

/**
 * Roulette: the board is positioned from the layout model (numbers/roulette.ts): each spot carries
 * its place upright (--u*) and lengthwise (--l*). Boxes meet edge to edge and their inset lines
 * draw the table's grid; the inside bets are round hit areas on those lines.
 */
const ROULETTE = `
.felt-roulette{container:rl/inline-size}
.rl-table{display:grid;grid-template-columns:minmax(0,1fr) 124px;grid-template-areas:"board wheel" "board legend";grid-template-rows:auto 1fr;gap:6px 10px}
.rl-wheel{grid-area:wheel;display:flex;flex-direction:column;align-items:center}
.rl-wheel .hand-cards{display:block;width:100%}
.rl-legend{grid-area:legend;margin:0;font-size:11px;line-height:1.5;color:#cfe8d5}
.rl-board{--dot:22px;grid-area:board;position:relative;height:calc(14 * 36px);max-width:250px;width:100%;justify-self:end}
.rl-board .spot{position:absolute;left:var(--ux);top:var(--uy);width:var(--uw);height:var(--uh);min-height:0;padding:0;border:0;border-radius:0;background:transparent;box-shadow:inset 0 0 0 1px var(--nb-line)}
.rl-board .spot:hover{background:#ffffff1a}
.rl-board .rl-straight .spot-name{display:inline-flex;align-items:center;justify-content:center;min-width:28px;height:24px;padding:0 3px;border-radius:12px;font-size:14px}
.rl-board .rl-straight.rl-red .spot-name{background:var(--nb-red)}
.rl-board .rl-straight.rl-black .spot-name{background:var(--nb-black)}
.rl-board .rl-straight.rl-green{background:#1e8e3e66;border-radius:40% 40% 0 0}
.rl-board .rl-straight.rl-green .spot-name{background:var(--nb-green);min-width:34px}
.rl-board .rl-straight .spot-odds{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
.rl-board .rl-dozen .spot-name{writing-mode:vertical-rl;transform:rotate(180deg)}
.rl-board .rl-even .spot-name,.rl-board .rl-dozen .spot-name,.rl-board .rl-column .spot-name{font-size:12px}
.rl-board .rl-even .spot-name{white-space:nowrap}
.rl-board .rl-even.rl-red .spot-name,.rl-board .rl-even.rl-black .spot-name{font-size:0}
.rl-board .rl-even.rl-red .spot-name::before,.rl-board .rl-even.rl-black .spot-name::before{content:'';display:block;width:16px;height:16px;margin:3px;transform:rotate(45deg);border:1px solid #fff9;background:var(--nb-red)}
.rl-board .rl-even.rl-black .spot-name::before{background:var(--nb-black)}
.rl-board .spot.rl-dot{width:var(--dot);height:var(--dot);margin:calc(var(--dot) / -2) 0 0 calc(var(--dot) / -2);border-radius:50%;box-shadow:none;background:radial-gradient(circle,#ffffff59 0 2.5px,transparent 3.5px)}
.rl-board .spot.rl-dot:hover{background:radial-gradient(circle,var(--nb-gold) 0 5px,#ffd54f40 6px)}
.rl-board .rl-dot .spot-name,.rl-board .rl-dot .spot-odds{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap;pointer-events:none}
.rl-board .rl-dot .spot-name{bottom:calc(100% + 4px)}
.rl-board .rl-dot .spot-odds{top:calc(100% + 4px)}
.rl-board .rl-dot:focus-visible .spot-name,.rl-board .rl-dot:focus-visible .spot-odds{left:50%;width:auto;height:auto;overflow:visible;clip-path:none;translate:-50% 0;padding:2px 6px;border-radius:4px;background:#0d1b12ee;color:#fff;font-size:12px;font-weight:700}
.rl-board .spot.won{background:#ffd54f40;border:0;box-shadow:inset 0 0 0 2px var(--nb-gold);animation:none}
.rl-board .rl-straight.won .spot-name{box-shadow:0 0 0 2px var(--nb-gold),0 0 12px var(--nb-gold);animation:rl-won 1s ease-in-out 3}
.rl-board .spot.rl-dot.won{background:radial-gradient(circle,var(--nb-gold) 0 6px,#ffd54f55 7px);box-shadow:none}
.felt-roulette.settled .rl-board .spot:not(.won):not(.push){opacity:1;filter:brightness(.62) saturate(.55)}
.rl-board .spot .spot-bubble{inset:auto;left:50%;bottom:calc(100% + 6px);translate:-50% 0;width:max-content;max-width:160px;padding:3px 8px;border-radius:6px;font-size:11px;box-shadow:0 2px 6px #0009}
.rl-board .spot-stack{position:absolute;left:50%;top:50%;right:auto;bottom:auto;margin:0;translate:-50% -50%;scale:.72;z-index:3;pointer-events:none}
@keyframes rl-won{50%{scale:1.18}}
/* The smallest phones: a smaller wheel leaves the numbers their room. */
@container rl (max-width:330px){.rl-table{grid-template-columns:minmax(0,1fr) 92px;gap:6px}.rl-board .rl-straight .spot-name{min-width:24px;height:22px;font-size:13px}.rl-legend{font-size:10px}}
@container rl (min-width:620px){
.rl-table{grid-template-columns:minmax(0,1fr);grid-template-areas:"wheel" "board" "legend";grid-template-rows:auto;gap:8px}
.rl-board{--dot:20px;height:auto;max-width:none;aspect-ratio:14 / 4.4}
.rl-board .spot{left:var(--lx);top:var(--ly);width:var(--lw);height:var(--lh)}
.rl-board .rl-straight.rl-green{border-radius:40% 0 0 40%}
.rl-board .rl-dozen .spot-name{writing-mode:horizontal-tb;transform:none}
.rl-board .rl-dozen,.rl-board .rl-even{flex-direction:row;gap:6px}
.rl-legend{text-align:center}
}
@container rl (min-width:740px){
.rl-table{grid-template-columns:170px minmax(0,1fr);grid-template-areas:"wheel board" "wheel legend";gap:6px 14px;align-items:center}
}
`;

/** The wheel: wood, a rotor of coloured pockets, a gold turret; the ball on the track. */
const WHEEL = `
.wheel{position:relative;width:min(124px,100%);aspect-ratio:1;margin:0 auto}
@container rl (min-width:740px){.wheel{width:min(170px,100%)}}
.wheel-svg{display:block;width:100%;height:100%;filter:drop-shadow(0 3px 4px #0008)}
.wheel-bowl{fill:#4a2c13;stroke:#c9a14a;stroke-width:2}
.wheel-track{fill:#6d4523;stroke:#2e1a0b;stroke-width:1}
.wheel-pocket{stroke:#d8c690;stroke-width:.6}
.wheel-pocket.red{fill:var(--nb-red,#c62828)}.wheel-pocket.black{fill:#151515}.wheel-pocket.green{fill:#1e8e3e}
.wheel-number{fill:#fff;font:700 8px Arial,Helvetica,sans-serif;text-anchor:middle;dominant-baseline:central}
.wheel-cone{fill:#7a4b22;stroke:#c9a14a;stroke-width:1.5}
.wheel-rim{fill:none;stroke:#d4af37;stroke-width:1.5}
.wheel-spoke{stroke:#e6c35c;stroke-width:4;stroke-linecap:round}
.wheel-hub{fill:#f1d27a;stroke:#8d6e3f}
.wheel-rotor,.wheel-ball{transform-box:view-box;transform-origin:0 0}
.wheel-ball{opacity:0}
.wheel.spinning .wheel-ball,.wheel.stopped .wheel-ball{opacity:1}
.wheel-ball-dot{fill:#fafafa;stroke:#8a8a8a;stroke-width:.8}
.wheel-ball-drop{transition:transform .7s cubic-bezier(.5,0,.7,1)}
.wheel.stopped .wheel-ball-drop{transform:translateY(25px)}
.wheel.rolling-in .wheel-ball-drop{transition-duration:calc(var(--stop,2600ms) * .35);transition-delay:calc(var(--stop,2600ms) * .55)}
.wheel.spinning .wheel-rotor{animation:wheel-spin 2.4s linear infinite}
.wheel.spinning .wheel-ball{animation:wheel-ball .8s linear infinite}
@keyframes wheel-spin{from{transform:rotate(var(--from,0deg))}to{transform:rotate(calc(var(--from,0deg) + 360deg))}}
@keyframes wheel-ball{from{transform:rotate(0deg)}to{transform:rotate(-360deg)}}
.wheel-result{position:absolute;inset:32%;display:flex;align-items:center;justify-content:center;border-radius:50%;border:2px solid var(--nb-gold,#ffd54f);box-shadow:0 0 0 3px #0006,0 0 16px #ffd54f99;color:#fff;font-size:28px;font-weight:800}
.wheel-result:empty{display:none}
.wheel-result.red{background:var(--nb-red,#c62828)}.wheel-result.black{background:#151515}.wheel-result.green{background:#1e8e3e}
@container rl (min-width:740px){.wheel-result{font-size:36px}}
.wheel.rolling-in .wheel-result{animation:wheel-result .45s ease-out var(--stop,2600ms) both}
@keyframes wheel-result{from{opacity:0;scale:.4}to{opacity:1;scale:1}}
`;

/** Sic Bo: the big spots beside the dice, the combinations, the totals, the single numbers. */
const SIC_BO = `
.felt-sicbo{container:sb/inline-size;display:flex;flex-direction:column;gap:6px}
.sb-top{display:grid;grid-template-columns:repeat(4,minmax(0,1fr));grid-template-areas:"dice dice dice dice" "small odd even big";gap:6px}
.sb-dice{grid-area:dice}.sb-small{grid-area:small}.sb-odd{grid-area:odd}.sb-even{grid-area:even}.sb-big{grid-area:big}
.felt-sicbo .spot.big{min-height:52px}
.felt-sicbo .spot.big small{display:block;font-size:11px;font-weight:400}
.sb-small,.sb-big{background:#0000003d}
.sb-doubles{display:grid;grid-template-columns:repeat(6,minmax(0,1fr));gap:4px}
.sb-triples{display:grid;grid-template-columns:1.4fr repeat(6,minmax(0,1fr));gap:4px;margin-top:6px}
.sb-totals{display:grid;grid-template-columns:repeat(7,minmax(0,1fr));gap:4px}
.sb-singles{display:grid;grid-template-columns:repeat(6,minmax(0,1fr));gap:4px}
.felt-sicbo .sb-any .spot-name{font-size:11px}
.felt-sicbo .sb-total .spot-name{font-size:16px}
.felt-sicbo .sb-single .spot-odds{font-size:10px;white-space:nowrap}
.sb-faces{display:flex;gap:1px;justify-content:center}
.sb-face{width:14px;height:14px}
.sb-triple .sb-face{width:12px;height:12px}
.sb-single .sb-face{width:26px;height:26px}
.sb-triple .sb-faces{flex-wrap:wrap;max-width:26px}
@container sb (min-width:740px){
.sb-top{grid-template-columns:1fr 1fr 1.5fr 1fr 1fr;grid-template-areas:"small odd dice even big"}
.felt-sicbo .spot.big{min-height:84px}
.sb-combos{display:grid;grid-template-columns:6fr 7.4fr;gap:6px}
.sb-triples{margin-top:0}
.sb-totals{grid-template-columns:repeat(14,minmax(0,1fr))}
.sb-face{width:18px;height:18px}.sb-triple .sb-face{width:15px;height:15px}.sb-triple .sb-faces{flex-wrap:nowrap;max-width:none}
.sb-single .sb-face{width:34px;height:34px}
}
`;

/** The dice: ivory with pips (the ace red), tumbling while thrown, landing on their faces. */
const DICE = `
.sb-dice .hand-cards{display:flex;flex-direction:column;align-items:center;gap:2px}
.dice-tray{display:flex;gap:10px;justify-content:center;min-height:46px;perspective:300px}
.dice-tray .die{display:inline-flex;width:44px;height:44px;background:none;border-radius:9px}
.dice-tray .die svg{width:100%;height:100%;filter:drop-shadow(0 3px 3px #0009)}
.die-body{fill:#f8f4ea;stroke:#bdb6a4;stroke-width:1}
.pip{fill:#1b1b1b}.pip-ace{fill:#c62828}
.sb-face .die-body{stroke-width:1.5}
.dice-tray .die.waiting{border:2px dashed #ffffff4d}
.dice-tray .die.rolling{position:relative;animation:die-tumble .55s linear infinite;animation-delay:calc(var(--i,0) * -.18s)}
.dice-tray .die.rolling svg{position:absolute;inset:0;opacity:0;animation:die-flick .42s steps(1) infinite}
.dice-tray .die.rolling svg:nth-child(2){animation-delay:-.14s}
.dice-tray .die.rolling svg:nth-child(3){animation-delay:-.28s}
@keyframes die-flick{0%{opacity:1}33.4%{opacity:0}}
.dice-tray .die.landing{animation:die-land .5s cubic-bezier(.3,1.5,.6,1)}
@keyframes die-tumble{0%{transform:translateY(0) rotateX(0) rotateZ(0)}25%{transform:translateY(-7px) rotateX(90deg) rotateZ(45deg)}50%{transform:translateY(0) rotateX(180deg) rotateZ(90deg)}75%{transform:translateY(-5px) rotateX(270deg) rotateZ(135deg)}100%{transform:translateY(0) rotateX(360deg) rotateZ(180deg)}}
@keyframes die-land{from{transform:translateY(-14px) rotate(-40deg) scale(1.15)}to{transform:none}}
.dice-total{min-height:1.3em;font-size:15px;font-weight:800;color:var(--nb-gold,#ffd54f)}
@container sb (min-width:740px){.dice-tray .die{width:52px;height:52px}}
`;

/** Worli Matka / Lottery: the draw on top, the ten digits, the pana types. */
const MATKA = `
.felt-matka{container:mk/inline-size;display:flex;flex-direction:column;gap:6px}
.mk-title{margin:0;text-align:center;font-size:13px;letter-spacing:.12em;text-transform:uppercase;color:var(--nb-gold)}
.mk-draw{display:flex;align-items:center;justify-content:center;gap:14px;min-height:86px}
.mk-pana{--card-w:44px}
.mk-pana .hand-cards{min-height:62px;min-width:140px;justify-content:center}
.felt-matka .mk-pana .hand-value{display:none}
.mk-reading{padding:4px 12px;border:2px solid var(--nb-gold);border-radius:10px;background:#0006;color:var(--nb-gold);font-size:26px;font-weight:800;letter-spacing:.04em;white-space:nowrap}
.mk-reading[hidden]{display:none}
.mk-caption{font-size:11px;color:#cfe8d5;text-align:center}
.mk-singles{display:grid;grid-template-columns:repeat(5,minmax(0,1fr));gap:6px}
.felt-matka .mk-single{min-height:62px;border-radius:50%/44%}
.felt-matka .mk-single .spot-name{font-size:28px;line-height:1}
.felt-matka.lottery .mk-single{border-radius:50%;aspect-ratio:1;min-height:0;max-width:70px;justify-self:center;width:100%;background:radial-gradient(circle at 35% 30%,#ffffff40,#0000 60%),#00000040}
.mk-panas{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:6px}
.felt-matka .mk-type{min-height:50px}
.felt-matka .mk-type .spot-name{font-size:18px}
.felt-matka .mk-type small{display:block;font-size:11px;font-weight:400}
@container mk (min-width:620px){.mk-singles{grid-template-columns:repeat(10,minmax(0,1fr))}.mk-pana{--card-w:56px}}
`;

/** Less motion: nothing spins or tumbles; a die not thrown yet shows no face (it would read as thrown). */
const REDUCED = `
@media (prefers-reduced-motion:reduce){
.wheel.spinning .wheel-ball{opacity:0}
.wheel.spinning .wheel-rotor,.dice-tray .die.rolling,.dice-tray .die.rolling svg,.dice-tray .die.landing,.rl-board .rl-straight.won .spot-name{animation:none}
.wheel-ball-drop{transition:none}
.wheel.rolling-in .wheel-result{animation:none}
.dice-tray .die.rolling svg:first-child{opacity:1}
.dice-tray .die.rolling .pip{display:none}
.dice-tray .die.rolling::after{content:'?';position:absolute;inset:0;display:flex;align-items:center;justify-content:center;color:#6d6d6d;font-size:22px;font-weight:800}
}
`;

export const NUMBERS_CSS = COMMON + ROULETTE + WHEEL + SIC_BO + DICE + MATKA + REDUCED;
