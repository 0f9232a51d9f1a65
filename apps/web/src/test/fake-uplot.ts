/**
 * uPlot for jsdom, which has no canvas: records what each chart was given (its options, its data
 * and every later setData) so a test reads what would be drawn; draws nothing. Used as
 * `vi.mock('uplot', () => import('@/test/fake-uplot'))`.
 */
import type uPlot from 'uplot';

export interface FakePlot {
  opts: uPlot.Options;
  /** The data of the last draw: the first, then each setData's. */
  data: uPlot.AlignedData;
  destroyed: boolean;
}

export const plots: FakePlot[] = [];

export default class FakeUPlot {
  static paths = { stepped: () => () => null, bars: () => () => null };
  static tzDate = (d: Date) => d;
  readonly over: HTMLDivElement;
  private readonly record: FakePlot;
  constructor(opts: uPlot.Options, data: uPlot.AlignedData, target: HTMLElement) {
    this.record = { opts, data, destroyed: false };
    plots.push(this.record);
    this.over = document.createElement('div');
    target.append(this.over);
  }
  setData(data: uPlot.AlignedData) {
    this.record.data = data;
  }
  setSize() {}
  destroy() {
    this.record.destroyed = true;
    this.over.remove();
  }
}
