/**
 * The roads: bead road, big road, the strip of single-card and dice results. A road is a
 * scoreboard of ruled squares (a grid whose lines are the pane's background, so empty squares
 * show too) six squares high: about 105 px, within the phone's budget; it scrolls sideways in its
 * own box when the results outrun it, the newest at the right.
 */
export const ROADS_CSS = `
.road{--cell:15px;--step:calc(var(--cell) + 1px);display:flex;contain:inline-size;gap:6px;align-items:flex-start;max-width:100%;min-width:0}
.road-pane{flex:1 1 0;min-width:0;box-sizing:content-box;display:grid;grid-template-rows:repeat(6,var(--cell));grid-auto-columns:var(--cell);gap:1px;padding:1px 0 0 1px;overflow-x:auto;overflow-y:hidden;scrollbar-width:thin;border:1px solid #b9b7a8;border-radius:4px;background:linear-gradient(#d4d2c4 1px,transparent 1px) 0 0/var(--step) var(--step) local,linear-gradient(90deg,#d4d2c4 1px,transparent 1px) 0 0/var(--step) var(--step) local,#fbfaf4}
.road-cell{position:relative;display:flex;align-items:center;justify-content:center;width:var(--cell);height:var(--cell);margin:0;padding:0;border:0;border-radius:50%;background:none;color:#fff;font:700 9px/1 Arial,Helvetica,sans-serif;cursor:pointer}
.road-cell:focus-visible{outline:2px solid #111;outline-offset:1px;z-index:1}
.road-cell:hover{filter:brightness(1.15)}
.road-cell.bead{background:var(--tone)}
.road-cell.bead.long .road-mark{font-size:6px;letter-spacing:-.03em}
.road-cell.ring{box-sizing:border-box;border:2.5px solid var(--tone);color:var(--tone)}
.road-cell.ring .road-mark{font-size:8px}
.road-tie{position:absolute;inset:0;color:#0f7a35;font-size:7px;display:flex;align-items:flex-end;justify-content:flex-end}
.road-tie::before{content:'';position:absolute;left:50%;top:-2px;bottom:-2px;width:2px;margin-left:-1px;background:#0f7a35;transform:rotate(45deg)}
.road-pair{position:absolute;width:5px;height:5px;border-radius:50%;border:1px solid #fff}
.road-pair.banker-pair{top:-1px;left:-1px;background:#d32f2f}
.road-pair.player-pair{bottom:-1px;right:-1px;background:#1e5fd0}
.road-strip{--cell:44px;grid-template-rows:repeat(2,var(--cell));grid-auto-columns:34px;--step:calc(var(--cell) + 1px);background:#fbfaf4;gap:3px;padding:3px}
.road-cell.tile{width:34px;height:44px;flex-direction:column;gap:3px;border-radius:5px;background:#fff;box-shadow:inset 0 0 0 1px #d4d2c4;color:#222}
.road-cell.tile .road-mark{display:flex;align-items:center;justify-content:center;width:17px;height:17px;border-radius:50%;background:var(--tone);color:#fff;font-size:10px}
.road-card{display:inline-block;min-width:22px;padding:1px 2px;border:1px solid #bbb;border-radius:3px;background:#fff;font:700 10px/1.1 Arial,Helvetica,sans-serif;text-align:center}
.road-card.red{color:#c62828}.road-card.black{color:#111}
.road-dice{display:flex;gap:1px}
.road-die{display:inline-flex;align-items:center;justify-content:center;width:9px;height:9px;border-radius:2px;background:#222;color:#fff;font-size:7px}
.road-pana{font-size:10px;letter-spacing:.02em;color:#333}
.road-empty{margin:0;padding:8px;color:#8da2b5;font-size:12px}
.tone-player,.tone-seat-b,.tone-bahar,.tone-low,.tone-small{--tone:#1e5fd0}
.tone-banker,.tone-dragon,.tone-seat-a,.tone-andar,.tone-high,.tone-big,.tone-red{--tone:#d32f2f}
.tone-tie,.tone-green{--tone:#0f7a35}
.tone-tiger,.tone-seven,.tone-triple{--tone:#a35f00}
.tone-black{--tone:#1b1b1b}
.tone-seat-8{--tone:#6a3fb5}.tone-seat-9{--tone:#00796b}.tone-seat-10{--tone:#a35f00}.tone-seat-11{--tone:#d32f2f}
.tone-amar{--tone:#d32f2f}.tone-akbar{--tone:#1e5fd0}.tone-anthony{--tone:#6a3fb5}
.tone-film{--tone:#8e2a7b}.tone-seats{--tone:#00796b}.tone-dealer{--tone:#555}
.tone-pana,.tone-total,.tone-other{--tone:#37546d}
@media (min-width:900px){.road{--cell:17px}}
`;
