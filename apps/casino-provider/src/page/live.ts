// The page's live table (issue 26): server-sent events from GET /api/table/:code/stream.
import type { HistoryFrame, MineView, TableFrame, TableView } from './types.ts';

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

/** How long the page waits before it opens a stream again that the server refused (503) or closed for good. */
const REOPEN_MS = 3000;

/**
 * Keeps the page's table (and the player's bets) up to date until closed. The browser reconnects
 * a dropped stream by itself (after the server's `retry`), and each connection starts with the
 * whole table and the player's bets, so the page simply resumes where the round is. A stream the
 * browser gives up on (an answer other than 200: the provider full, restarting) is opened anew.
 */
export function connectTable(opts: ConnectOptions): TableConnection {
  const url = `/api/table/${encodeURIComponent(opts.code)}/stream${opts.session ? `?session=${encodeURIComponent(opts.session)}` : ''}`;
  let source: EventSource | null = null;
  let reopen: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const open = () => {
    if (stopped) return;
    const es = (source = new EventSource(url));
    // The finished rounds come apart from the table (on connect and at each result, before the
    // table that shows it); the page gets them joined, as one view.
    let history: HistoryFrame | null = null;
    es.addEventListener('open', () => opts.onStatus?.('live'));
    es.addEventListener('history', (e) => void (history = JSON.parse((e as MessageEvent<string>).data) as HistoryFrame));
    es.addEventListener('table', (e) => {
      const frame = JSON.parse((e as MessageEvent<string>).data) as TableFrame;
      if (history) opts.onTable({ ...frame, ...history } satisfies TableView);
    });
    es.addEventListener('mine', (e) => opts.onMine(JSON.parse((e as MessageEvent<string>).data) as MineView));
    es.addEventListener('error', () => {
      if (stopped) return;
      opts.onStatus?.('reconnecting');
      if (es.readyState !== EventSource.CLOSED) return;
      // Given up (not a 200 text/event-stream): a new stream shortly, spread a little so many
      // pages refused together do not come back together.
      source = null;
      reopen = setTimeout(open, REOPEN_MS + Math.random() * REOPEN_MS);
    });
  };
  open();

  return {
    close: () => {
      stopped = true;
      clearTimeout(reopen);
      source?.close();
      source = null;
    },
  };
}
