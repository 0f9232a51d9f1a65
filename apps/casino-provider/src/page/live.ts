// The page's live table (issue 26). STUB: polls until the stream is written.
import type { MineView, TableStateView, TableView } from './types.ts';

export interface TableConnection {
  close(): void;
}

export interface ConnectOptions {
  code: string;
  /** The player's game session, when the page has one: its `mine` events come too. */
  session?: string;
  onTable(view: TableView): void;
  onMine(mine: MineView): void;
  /** 'live' while connected, 'reconnecting' while the page is catching up after a drop. */
  onStatus?(status: 'live' | 'reconnecting'): void;
}

/** Keeps the page's table (and the player's bets) up to date until closed. */
export function connectTable(opts: ConnectOptions): TableConnection {
  let stopped = false;
  const tick = async () => {
    if (stopped) return;
    try {
      const res = await fetch(`/api/table/${opts.code}/state`, { headers: opts.session ? { 'x-session': opts.session } : {}, cache: 'no-store' });
      const s = (await res.json()) as TableStateView;
      if (s.status === 'OK') {
        const { myBets, ...view } = s;
        opts.onTable(view);
        if (opts.session) opts.onMine({ roundId: view.round.roundId, myBets });
        opts.onStatus?.('live');
      }
    } catch {
      opts.onStatus?.('reconnecting');
    }
    if (!stopped) setTimeout(() => void tick(), 500);
  };
  void tick();
  return { close: () => void (stopped = true) };
}
