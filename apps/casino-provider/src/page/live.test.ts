import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectTable } from './live.ts';
import type { MineView, TableView } from './types.ts';

/** The browser's EventSource as the page uses it: listeners by event name, readyState, close(). */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  private listeners = new Map<string, ((e: unknown) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, fn: (e: unknown) => void): void {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(name: string, data?: unknown): void {
    if (name === 'open') this.readyState = FakeEventSource.OPEN;
    for (const fn of this.listeners.get(name) ?? [])
      fn(data === undefined ? {} : { data: JSON.stringify(data) });
  }
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function connect(session?: string) {
  const seen: string[] = [];
  const conn = connectTable({
    code: 'imlive1001',
    ...(session ? { session } : {}),
    onTable: (v: TableView) => seen.push(`table ${v.round.phase} road ${v.road.map((r) => r.roundId).join(',')}`),
    onMine: (m: MineView) => seen.push(`mine ${m.myBets.length} ${m.balance}`),
    onStatus: (s) => seen.push(s),
  });
  return { seen, conn };
}

describe('connectTable', () => {
  it("opens the table's stream with the session, and hands on its table (joined to the finished rounds) and mine events", () => {
    const { seen } = connect('s/1+2');
    const es = FakeEventSource.opened[0]!;
    expect(es.url).toBe('/api/table/imlive1001/stream?session=s%2F1%2B2');
    es.emit('open');
    es.emit('history', { last: [], road: [{ roundId: '9' }] });
    es.emit('table', { round: { phase: 'betting' } });
    es.emit('mine', { roundId: '1', myBets: [{}], balance: 900 });
    es.emit('table', { round: { phase: 'dealing' } });
    // a result: the finished rounds first, then the table that shows it
    es.emit('history', { last: [], road: [{ roundId: '10' }, { roundId: '9' }] });
    es.emit('table', { round: { phase: 'result' } });
    expect(seen).toEqual(['live', 'table betting road 9', 'mine 1 900', 'table dealing road 9', 'table result road 10,9']);
  });

  it('says reconnecting on a drop the browser retries, and opens a new stream after one it gave up', () => {
    const { seen, conn } = connect();
    const first = FakeEventSource.opened[0]!;
    expect(first.url).toBe('/api/table/imlive1001/stream');
    first.emit('open');
    // a drop: the browser reconnects by itself (readyState CONNECTING)
    first.readyState = FakeEventSource.CONNECTING;
    first.emit('error');
    vi.advanceTimersByTime(10_000);
    expect(FakeEventSource.opened.length).toBe(1);
    // refused (503): the browser gives up; the page opens a new one a few seconds later
    first.readyState = FakeEventSource.CLOSED;
    first.emit('error');
    expect(seen).toEqual(['live', 'reconnecting', 'reconnecting']);
    vi.advanceTimersByTime(6000);
    expect(FakeEventSource.opened.length).toBe(2);
    FakeEventSource.opened[1]!.emit('open');
    expect(seen.at(-1)).toBe('live');
    conn.close();
    expect(FakeEventSource.opened[1]!.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('opens nothing more once closed', () => {
    const { conn } = connect();
    const es = FakeEventSource.opened[0]!;
    es.readyState = FakeEventSource.CLOSED;
    es.emit('error');
    conn.close();
    vi.advanceTimersByTime(10_000);
    expect(FakeEventSource.opened.length).toBe(1);
  });
});
